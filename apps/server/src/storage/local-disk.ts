import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkKey,
  ObjectNotFoundError,
  type ObjectStore,
  ObjectTooLargeError,
  StorageFullError,
  StorageUnavailableError,
} from './object-store.js';

const FOLDERS = ['uploads', 'vectors', 'previews'];

/** Errors of the disk itself that name no path: a write that found no space, or a failing device. */
const FULL = new Set(['ENOSPC', 'EDQUOT']);
const DISK_FAULTS = new Set(['EIO', 'EROFS', 'EACCES', 'EPERM']);

/** Objects as files under one folder; writes go to `.partial/` first and are renamed into place. */
export function localDiskStore(root: string): ObjectStore {
  const partialDir = join(root, '.partial');
  const pathOf = (key: string) => join(root, checkKey(key));
  const kind = `local disk (${root})`;
  // A failure of the disk itself (full, read-only, no permission) rather than of the request
  // body: errors opening a file name its path, a write that found the disk full names only its
  // code, and a dropped connection has neither.
  const unavailable = (err: unknown) => {
    const code = (err as NodeJS.ErrnoException)?.code ?? '';
    if (FULL.has(code)) return new StorageFullError(kind, err);
    if (err instanceof Error && (('path' in err && code !== 'ENOENT') || DISK_FAULTS.has(code))) {
      return new StorageUnavailableError(kind, err);
    }
    return err;
  };

  return {
    kind,

    async write(key, body, maxBytes = Number.POSITIVE_INFINITY) {
      const target = pathOf(key);
      await mkdir(partialDir, { recursive: true });
      await mkdir(dirname(target), { recursive: true });
      const temp = join(partialDir, randomUUID());
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) done(new ObjectTooLargeError(maxBytes));
          else done(null, chunk);
        },
      });
      const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
      try {
        await pipeline(source, limit, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
        await rename(temp, target);
        return size;
      } catch (err) {
        await rm(temp, { force: true }).catch(() => {});
        throw unavailable(err);
      }
    },

    async read(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ObjectNotFoundError(key);
        throw unavailable(err);
      }
    },

    async readStream(key) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ObjectNotFoundError(key);
        throw unavailable(err);
      }
      return createReadStream(path);
    },

    async delete(key) {
      await rm(pathOf(key), { force: true }).catch((err) => {
        throw unavailable(err);
      });
    },

    async *list() {
      for (const folder of FOLDERS) {
        const names = await readdir(join(root, folder)).catch((err) => {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [] as string[];
          throw unavailable(err);
        });
        for (const name of names) {
          const info = await stat(join(root, folder, name)).catch(() => undefined);
          if (info?.isFile()) yield { key: `${folder}/${name}`, lastModified: info.mtime };
        }
      }
    },

    async ping() {
      // A file written, read back and removed where uploads are written: access() says yes to
      // root whatever the folder's mode and knows nothing of a full disk; and a fresh server has
      // no folder until its first upload, which makes it (so this does too).
      await mkdir(partialDir, { recursive: true });
      const probe = join(partialDir, `ready-${randomUUID()}`);
      try {
        await writeFile(probe, 'ok', { flag: 'wx', mode: 0o600 });
        await readFile(probe);
      } finally {
        await rm(probe, { force: true });
      }
    },

    async freeBytes() {
      await mkdir(root, { recursive: true });
      const disk = await statfs(root).catch((err) => {
        throw unavailable(err);
      });
      return disk.bavail * disk.bsize;
    },

    async sweepPartial(startedBefore) {
      let removed = 0;
      const names = await readdir(partialDir).catch(() => [] as string[]);
      for (const name of names) {
        const file = join(partialDir, name);
        const info = await stat(file).catch(() => undefined);
        if (info && info.mtime < startedBefore) {
          await rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
