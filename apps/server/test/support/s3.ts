/// <reference path="./s3rver.d.ts" />
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import S3rver, { type S3rverObject } from 's3rver';

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** What a server needs to use it: S3_ENDPOINT, S3_BUCKET, keys, path-style addresses. */
  env: Record<string, string>;
  /** Stops it (its files are kept, so `start` on the same port finds them again). */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder, after `stop`. */
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on loopback, with an empty bucket, in a folder of its own. */
export async function startS3Server(): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'vectrace-s3-'));
  const bucket = 'vectrace-test';
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    writeObjectsWhole(server);
    ({ port } = await server.run());
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop,
    start,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver 3.7 answers a PUT once it has read the body, before the object's file is written out, so
 * a GET right after it (an upload's check, under load) could read part of the file or none of it,
 * where S3 only ever shows a whole object. Its store's putObject is replaced by one that writes a
 * file of its own and renames it into place once written.
 */
function writeObjectsWhole(server: S3rver): void {
  const { store } = server;
  store.putObject = async (object: S3rverObject) => {
    const content = Buffer.isBuffer(object.content) ? object.content : await buffer(object.content);
    const md5 = createHash('md5').update(content).digest('hex');
    const path = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}`;
    await writeFile(temporary, content);
    await rename(temporary, path);
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    return { size: content.length, md5 };
  };
}
