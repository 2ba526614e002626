// s3rver ships no types; these are the parts the tests use.
declare module 's3rver' {
  /** An object as s3rver's store is given it. */
  export interface S3rverObject {
    bucket: string;
    key: string;
    content: Buffer | NodeJS.ReadableStream;
    metadata: Record<string, string>;
  }
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** Its file system store. */
    store: {
      putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
      putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
      getResourcePath(bucket: string, key: string, resourceType: string): string;
    };
  }
}
