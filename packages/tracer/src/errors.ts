/** Why a trace was refused. */
export type TraceErrorCode = 'invalid-image' | 'too-large' | 'invalid-settings';

/** An error a person can act on, with a stable code for programs. */
export class TraceError extends Error {
  override readonly name = 'TraceError';
  constructor(
    readonly code: TraceErrorCode,
    message: string,
  ) {
    super(message);
  }
}
