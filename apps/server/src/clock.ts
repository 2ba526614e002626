/** The time now; injected so that tests can move it (retention, session expiry). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
