/// <reference path="./s3rver.d.ts" />
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

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
