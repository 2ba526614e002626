import { join } from 'node:path';
import type { Config } from '../config.js';
import { localDiskStore } from './local-disk.js';
import type { ObjectStore } from './object-store.js';

/** The configured object store (local disk under DATA_DIR by default). */
export function openObjectStore(config: Config): ObjectStore {
  return localDiskStore(join(config.dataDir, 'objects'));
}
