import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  assertValidContentType,
  assertValidKey,
  FALLBACK_CONTENT_TYPE,
  FileStorage,
  StoredFile,
} from './file-storage';

export interface S3FileStorageOptions {
  bucket: string;
  /** S3-compatible server (MinIO, R2, ...); AWS itself when absent. */
  endpoint?: string;
  /** Default `us-east-1`, which S3-compatible servers accept. */
  region?: string;
  /** Both or neither; without them the SDK's default credential chain applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path instead of the host name, as most S3-compatible servers want. Default: true with an `endpoint`, false for AWS. */
  forcePathStyle?: boolean;
  /** Prepended to every key, so several environments (or test runs) can share a bucket. */
  keyPrefix?: string;
}

/** Objects in an S3 bucket; S3 replaces an object whole on PUT, so writes are atomic by themselves. */
export class S3FileStorage implements FileStorage {
  readonly name = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly keyPrefix: string;

  constructor(options: S3FileStorageOptions) {
    const { bucket, endpoint, region, accessKeyId, secretAccessKey, forcePathStyle, keyPrefix } = options;
    this.bucket = bucket;
    this.keyPrefix = keyPrefix ?? '';
    this.client = new S3Client({
      endpoint,
      region: region ?? 'us-east-1',
      forcePathStyle: forcePathStyle ?? endpoint !== undefined,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const Key = this.objectKey(key);
    assertValidContentType(contentType);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key, Body: bytes, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    const Key = this.objectKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      return { bytes, contentType: object.ContentType ?? FALLBACK_CONTENT_TYPE };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  private objectKey(key: string): string {
    assertValidKey(key);
    return this.keyPrefix + key;
  }
}

/** S3 says NoSuchKey on GET and a bare 404 (NotFound) on HEAD; some compatible servers only the status. */
function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404;
}
