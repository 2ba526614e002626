/**
 * Why an image was refused: not a type we read by its bytes, undecodable, over the pixel limit,
 * pixel data that does not fit its size, a setting out of range, an SVG that is not the engine's
 * own, or more detail than the settings asked can take on within a trace's budget.
 */
export type TraceErrorCode =
  | 'unsupported-type'
  | 'corrupt'
  | 'too-large'
  | 'invalid-image'
  | 'invalid-settings'
  | 'invalid-svg'
  | 'too-detailed';

/** An error a person can act on, with a stable code for programs. */
export class TraceError extends Error {
  override readonly name = 'TraceError';
  constructor(
    readonly code: TraceErrorCode,
    message: string,
    /** For 'corrupt': the decoder's short explanation, e.g. "libpng read error". */
    readonly reason?: string,
  ) {
    super(message);
  }
}
