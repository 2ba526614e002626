import type { Kind } from '../corpus.js';

/** An engine's SVG, and its own per-stage milliseconds when it reports them. */
export interface Traced {
  svg: string;
  stages?: Record<string, number>;
}

/** One tracing engine as the bench drives it. */
export interface Peer {
  /** Short name used in tables and `--only`. */
  readonly name: string;
  /** The corpus halves it is scored on. */
  readonly kinds: readonly Kind[];
  /** False when its time includes a process spawn and cannot be compared with in-process engines. */
  readonly inProcess: boolean;
  /** The settings it runs with, for the report. */
  describe(kind: Kind): string;
  /** Checks the engine is available (installing it if it can); throws with a fix when not. */
  prepare?(): Promise<void>;
  /** Encoded image file bytes in, SVG out. Everything inside is timed, decode included. */
  trace(bytes: Buffer, kind: Kind): Promise<Traced>;
}
