import type { Readable } from 'node:stream';

/** Where uploads and results are kept: local disk by default, S3-compatible when configured. */
export interface ObjectStore {
  /** Name of the implementation, for the start-up log. */
  readonly kind: string;
  /**
   * Stores a body under key, all or nothing (a reader never sees half a file).
   * Throws ObjectTooLargeError, having stopped reading, once more than maxBytes arrive.
   * Returns the stored size in bytes.
   */
  write(key: string, body: Readable | Uint8Array, maxBytes?: number): Promise<number>;
  /** The whole object; throws ObjectNotFoundError if it does not exist. */
  read(key: string): Promise<Buffer>;
  /** The object as a stream, for large answers; throws ObjectNotFoundError if it does not exist. */
  readStream(key: string): Promise<Readable>;
  /** Removes the object; no error if it is already gone, an error if it may still be there. */
  delete(key: string): Promise<void>;
  /** Removes unfinished writes (aborted uploads, a crash mid-write) started before the given time. */
  sweepPartial(startedBefore: Date): Promise<number>;
  /** Throws unless the store can be used now: a file written and read back (disk), HeadBucket (S3). */
  ping(): Promise<void>;
  /** Every finished object (not unfinished writes), with when it was last written: for reconciling. */
  list(): AsyncIterable<StoredObject>;
  /** The bytes still free for writes, where the store can run out of space (a disk; not a bucket). */
  freeBytes?(): Promise<number>;
}

/** An object as a listing gives it. */
export interface StoredObject {
  key: string;
  lastModified: Date;
}

/**
 * The store could not be used (the bucket unreachable or refusing, the disk full or unwritable):
 * nothing the caller did wrong, answered 503 and logged with its cause.
 */
export class StorageUnavailableError extends Error {
  constructor(store: string, cause: unknown) {
    super(`The file storage (${store}) failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

/** The store has no space left (a full disk or quota): the service's to mend, answered 503. */
export class StorageFullError extends StorageUnavailableError {}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Object is larger than ${maxBytes} bytes`);
  }
}

export class ObjectNotFoundError extends Error {
  constructor(key: string) {
    super(`No object ${key}`);
  }
}

// Keys are made by the server from uuids; anything else is a bug, never a path to follow.
const keyPattern = /^(uploads|vectors|previews)\/[0-9a-f-]{36}(\.svg|\.png|-marked\.png)?$/;

export function checkKey(key: string): string {
  if (!keyPattern.test(key)) throw new Error(`Invalid object key: ${JSON.stringify(key)}`);
  return key;
}

/** What a key is of: an upload's original, or a conversion's result file; undefined if not a store key. */
export function ownerOfKey(key: string): { table: 'uploads' | 'conversions'; id: string } | undefined {
  if (!keyPattern.test(key)) return undefined;
  const [folder, name] = key.split('/') as [string, string];
  return { table: folder === 'uploads' ? 'uploads' : 'conversions', id: name.slice(0, 36) };
}

/** The key of an upload's original file. */
export const uploadKey = (uploadId: string) => `uploads/${uploadId}`;
/** The key of a conversion's SVG. */
export const vectorKey = (conversionId: string) => `vectors/${conversionId}.svg`;
/** The key of a conversion's whole-result preview PNG, with or without its watermark. */
export const previewKey = (conversionId: string, watermark: boolean) =>
  `previews/${conversionId}${watermark ? '-marked' : ''}.png`;
/** Every file a conversion's result leaves in the store: the SVG and its previews. */
export const resultKeys = (conversionId: string) => [
  vectorKey(conversionId),
  previewKey(conversionId, true),
  previewKey(conversionId, false),
];
