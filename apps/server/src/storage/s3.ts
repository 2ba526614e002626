import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import {
  checkKey,
  ObjectNotFoundError,
  type ObjectStore,
  ObjectTooLargeError,
  StorageUnavailableError,
} from './object-store.js';

/**
 * Objects in an S3 bucket (AWS, or any S3-compatible store). A write gathers the body (an
 * upload is at most 10 MB and a result is already in memory) and puts it in one request, so an
 * object appears whole or not at all and no unfinished multipart upload is ever left behind.
 */
export function s3Store(config: S3Config): ObjectStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    maxAttempts: 3,
    // A bucket that takes connections and never answers fails the request (and the store is
    // unavailable, 503) instead of holding it, and the sweep after it, for good.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
  });
  const Bucket = config.bucket;
  const kind = `S3 (bucket ${Bucket}${config.endpoint ? ` at ${config.endpoint}` : ''})`;
  // Whatever fails in talking to the bucket (unreachable, refusing, erring) makes the store unavailable.
  const unavailable = (err: unknown) => new StorageUnavailableError(kind, err);

  async function get(key: string) {
    let object: GetObjectCommandOutput;
    try {
      object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
    } catch (err) {
      if (
        err instanceof S3ServiceException &&
        (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)
      )
        throw new ObjectNotFoundError(key);
      throw unavailable(err);
    }
    if (!object.Body) throw new ObjectNotFoundError(key);
    return object.Body;
  }

  return {
    kind,

    async write(key, body, maxBytes = Number.POSITIVE_INFINITY) {
      checkKey(key);
      const bytes = body instanceof Readable ? await gather(body, maxBytes) : Buffer.from(body);
      if (bytes.length > maxBytes) throw new ObjectTooLargeError(maxBytes);
      await client
        .send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentLength: bytes.length }))
        .catch((err) => {
          throw unavailable(err);
        });
      return bytes.length;
    },

    async read(key) {
      const body = await get(key);
      try {
        return Buffer.from(await body.transformToByteArray());
      } catch (err) {
        throw unavailable(err);
      }
    },

    async readStream(key) {
      return (await get(key)) as Readable;
    },

    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(2000) });
    },

    async delete(key) {
      // S3 answers a missing key with success; any other failure throws, for the sweeper to retry.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) })).catch((err) => {
        throw unavailable(err);
      });
    },

    async *list() {
      try {
        for await (const page of paginateListObjectsV2({ client }, { Bucket })) {
          for (const object of page.Contents ?? []) {
            if (object.Key && object.LastModified) {
              yield { key: object.Key, lastModified: object.LastModified };
            }
          }
        }
      } catch (err) {
        throw unavailable(err);
      }
    },

    async sweepPartial() {
      // Writes are single requests: nothing partial is ever stored in the bucket.
      return 0;
    },
  };
}

/** Reads a stream into memory, stopping once more than maxBytes arrive (as the disk store does). */
async function gather(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  await pipeline(
    stream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new ObjectTooLargeError(maxBytes));
        chunks.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(chunks);
}
