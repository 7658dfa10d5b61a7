import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
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
  /**
   * With an `endpoint`, default `us-east-1`, which S3-compatible servers accept. For AWS the SDK's own
   * setting (`AWS_REGION`, the config file) applies, and a bucket in another region is followed.
   */
  region?: string;
  /** Both or neither; without them the SDK's default credential chain applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path instead of the host name, as most S3-compatible servers want. Default: true with an `endpoint`, false for AWS. */
  forcePathStyle?: boolean;
  /** Prepended to every key, so several environments (or test runs) can share a bucket. */
  keyPrefix?: string;
}

const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

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
    const compatible = endpoint !== undefined;
    this.client = new S3Client({
      endpoint,
      region: region ?? (compatible ? 'us-east-1' : undefined),
      followRegionRedirects: !compatible,
      forcePathStyle: forcePathStyle ?? compatible,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      // Checksums only where S3 requires them: several S3-compatible servers reject the CRC32 headers
      // the SDK sends by default.
      ...(compatible ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
      // The SDK waits forever by default; a stalled server would hold uploads and the socket pool.
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, throwOnRequestTimeout: true },
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
      // Only a missing key: a missing bucket is a 404 too (NoSuchBucket), and must not read as "no file".
      if (errorName(error) === 'NoSuchKey') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return true;
    } catch (error) {
      // A HEAD answer has no body, so a 404 names neither key nor bucket; `ping` reports a missing bucket.
      if (httpStatus(error) === 404) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.deleteObject(this.objectKey(key));
  }

  private async deleteObject(Key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    } catch (error) {
      // AWS answers 204 for a missing key; some compatible servers answer NoSuchKey.
      if (errorName(error) !== 'NoSuchKey') throw error;
    }
  }

  /** Listed a page (up to 1,000 keys) at a time and deleted one by one: a folder holds a customer's few proofs. */
  async deleteFolder(folder: string): Promise<void> {
    const Prefix = `${this.objectKey(folder)}/`;
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix, ContinuationToken }));
      for (const { Key } of page.Contents ?? []) {
        if (Key) await this.deleteObject(Key);
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  private objectKey(key: string): string {
    assertValidKey(key);
    return this.keyPrefix + key;
  }
}

function errorName(error: unknown): string | undefined {
  return (error as { name?: string }).name;
}

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}
