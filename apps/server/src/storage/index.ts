import { join } from 'node:path';
import type { Config } from '../config.js';
import { localDiskStore } from './local-disk.js';
import type { ObjectStore } from './object-store.js';
import { s3Store } from './s3.js';

/** The configured object store: S3 when S3_BUCKET is set, else local disk under DATA_DIR. */
export function openObjectStore(config: Config): ObjectStore {
  if (config.s3) return s3Store(config.s3);
  return localDiskStore(join(config.dataDir, 'objects'));
}
