import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { s3OptionsFromEnv } from './create-file-storage';
import { FileStorage, InvalidFileKeyError, StorageFullError, StoredFile } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage, S3FileStorageOptions } from './s3-file-storage';
import { S3StandIn, startS3StandIn } from './testing/s3-stand-in';
import { canMountSmallDisk, mountSmallDisk, type SmallDisk, SMALL_DISK_NOT_RUN } from './testing/small-disk';

interface Subject {
  storage: FileStorage;
  cleanUp: () => Promise<void>;
}

const INVALID_KEYS = [
  '',
  '../outside.webp',
  'cards/../../etc/passwd',
  'cards/..',
  '/etc/passwd',
  'cards//double.webp',
  'cards/',
  '.hidden',
  'cards/.sidecar',
  'with space.png',
  'tilde~.png',
  'back\\slash.png',
  'dragón.png',
  'C:/windows.png',
  'a'.repeat(201),
];

function fileStorageContract(title: string, create: () => Promise<Subject>, run: (name: string, fn: () => void) => void) {
  run(title, () => {
    let subject: Subject;
    let storage: FileStorage;

    beforeEach(async () => {
      subject = await create();
      storage = subject.storage;
    });
    afterEach(() => subject.cleanUp());

    it('answers ping', async () => {
      await expect(storage.ping()).resolves.toBeUndefined();
    });

    it('gives back binary data byte for byte with its content type', async () => {
      const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(100_000)]);
      await storage.put('cards/LOB-001/large.webp', bytes, 'image/webp');
      const stored = await storage.get('cards/LOB-001/large.webp');
      expect(stored?.contentType).toBe('image/webp');
      expect(stored?.bytes.equals(bytes)).toBe(true);
      expect(await storage.exists('cards/LOB-001/large.webp')).toBe(true);
    });

    it('stores an empty file', async () => {
      await storage.put('empty.bin', new Uint8Array(), 'application/octet-stream');
      expect((await storage.get('empty.bin'))?.bytes.length).toBe(0);
    });

    it('overwrites a key with the new bytes and content type', async () => {
      await storage.put('proofs/order-1', Buffer.from('first, longer content'), 'image/png');
      await storage.put('proofs/order-1', Buffer.from('second'), 'image/jpeg');
      const stored = await storage.get('proofs/order-1');
      expect(stored?.bytes.toString()).toBe('second');
      expect(stored?.contentType).toBe('image/jpeg');
    });

    it('answers null and false for a missing key', async () => {
      expect(await storage.get('cards/missing.webp')).toBeNull();
      expect(await storage.exists('cards/missing.webp')).toBe(false);
    });

    it('deletes a key, and deleting a missing key is fine', async () => {
      await storage.put('cards/x.webp', Buffer.from([1, 2, 3]), 'image/webp');
      await storage.delete('cards/x.webp');
      expect(await storage.get('cards/x.webp')).toBeNull();
      expect(await storage.exists('cards/x.webp')).toBe(false);
      await expect(storage.delete('cards/x.webp')).resolves.toBeUndefined();
    });

    it("deletes a folder's objects, nested ones too, and nothing of a folder whose name starts the same", async () => {
      for (const key of ['proofs/u1/a.png', 'proofs/u1/later/b.png', 'proofs/u10/c.png', 'proofs/u1.png']) await storage.put(key, Buffer.from(key), 'image/png');
      await storage.deleteFolder('proofs/u1');
      expect(await storage.exists('proofs/u1/a.png')).toBe(false);
      expect(await storage.exists('proofs/u1/later/b.png')).toBe(false);
      expect((await storage.get('proofs/u10/c.png'))?.bytes.toString()).toBe('proofs/u10/c.png');
      expect(await storage.exists('proofs/u1.png')).toBe(true);
      await expect(storage.deleteFolder('proofs/u1')).resolves.toBeUndefined();
      await expect(storage.deleteFolder('proofs/nobody')).resolves.toBeUndefined();
    });

    it.each(INVALID_KEYS.map((key) => [key]))('refuses the key %j in every operation', async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(storage.deleteFolder(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    });

    it('refuses a content type that is not one header line', async () => {
      await expect(storage.put('a.txt', Buffer.from('x'), 'text/plain\r\nX-Evil: 1')).rejects.toThrow(TypeError);
      await expect(storage.put('a.txt', Buffer.from('x'), '')).rejects.toThrow(TypeError);
      expect(await storage.exists('a.txt')).toBe(false);
    });

    it('leaves one whole file after concurrent puts of the same key, and readers never see a torn one', async () => {
      const size = 512 * 1024;
      const versions = Array.from({ length: 8 }, (_, i) => ({
        bytes: Buffer.alloc(size, i + 1),
        contentType: `image/v${i + 1}`,
      }));
      const isWhole = (file: StoredFile | null) =>
        file === null ||
        (file.bytes.length === size &&
          file.bytes.every((byte) => byte === file.bytes[0]) &&
          file.contentType === `image/v${file.bytes[0]}`);

      const reads: Array<Promise<StoredFile | null>> = [];
      const writes = versions.map(async (version) => {
        reads.push(storage.get('cards/race.webp'));
        await storage.put('cards/race.webp', version.bytes, version.contentType);
        reads.push(storage.get('cards/race.webp'));
      });
      await Promise.all(writes);
      const seen = await Promise.all(reads);
      expect(seen.filter((file) => !isWhole(file))).toHaveLength(0);

      const final = await storage.get('cards/race.webp');
      expect(final).not.toBeNull();
      expect(isWhole(final)).toBe(true);
    });
  });
}

fileStorageContract(
  'FileStorage contract on local disk',
  async () => {
    const root = await mkdtemp(join(tmpdir(), 'tcg-files-'));
    return { storage: new LocalFileStorage({ root }), cleanUp: () => rm(root, { recursive: true, force: true }) };
  },
  describe,
);

describe('LocalFileStorage on disk', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'tcg-files-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  // Security QA: payment proofs sat in folders every local user could read.
  it('makes its root folder for its owner only', async () => {
    const storage = new LocalFileStorage({ root: join(root, 'files') });
    await storage.ensureWritable();
    expect((await stat(join(root, 'files'))).mode & 0o777).toBe(0o700);
  });

  it('keeps the bytes at <root>/<key> and leaves no temp files behind', async () => {
    const storage = new LocalFileStorage({ root });
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => storage.put('cards/a.webp', Buffer.alloc(1000, i), 'image/webp')),
    );
    expect((await readdir(join(root, 'cards'))).sort()).toEqual(['.a.webp.content-type', 'a.webp']);
  });

  it('falls back to application/octet-stream for a file without a sidecar', async () => {
    const storage = new LocalFileStorage({ root });
    await storage.put('cards/a.webp', Buffer.from('x'), 'image/webp');
    await rm(join(root, 'cards', '.a.webp.content-type'));
    expect((await storage.get('cards/a.webp'))?.contentType).toBe('application/octet-stream');
  });
});

describe(`LocalFileStorage when the disk is full ${canMountSmallDisk ? '' : SMALL_DISK_NOT_RUN}`.trim(), () => {
  const maybe = canMountSmallDisk ? it : it.skip;
  let disk: SmallDisk;
  beforeEach(() => {
    if (canMountSmallDisk) disk = mountSmallDisk(1024 * 1024);
  });
  afterEach(() => disk?.unmount());

  maybe('refuses a file that does not fit with StorageFullError, keeps the old one whole and leaves no temp file', async () => {
    const storage = new LocalFileStorage({ root: disk.path, minFreeBytes: 0 });
    await storage.put('cards/a.webp', Buffer.alloc(1000, 1), 'image/webp');
    await expect(storage.put('cards/a.webp', Buffer.alloc(2 * 1024 * 1024, 2), 'image/webp')).rejects.toBeInstanceOf(StorageFullError);
    await expect(storage.put('proofs/u/b.png', Buffer.alloc(2 * 1024 * 1024, 3), 'image/png')).rejects.toBeInstanceOf(StorageFullError);
    expect(await storage.get('cards/a.webp')).toEqual({ bytes: Buffer.alloc(1000, 1), contentType: 'image/webp' });
    expect(await readdir(join(disk.path, 'cards'))).toEqual(expect.arrayContaining(['.a.webp.content-type', 'a.webp']));
    expect(await readdir(join(disk.path, 'cards'))).toHaveLength(2);
    expect(await readdir(join(disk.path, 'proofs', 'u'))).toEqual([]);
    expect(await storage.exists('proofs/u/b.png')).toBe(false);
  });

  maybe('fails its ping when less than minFreeBytes are left, and passes again once there is room', async () => {
    const storage = new LocalFileStorage({ root: disk.path, minFreeBytes: 512 * 1024 });
    await storage.ping();
    await storage.put('proofs/u/big.png', Buffer.alloc(700 * 1024), 'image/png');
    await expect(storage.ping()).rejects.toThrow(/^Only \d+ bytes free under .* \(at least 524288 wanted\)$/);
    await expect(storage.ping()).rejects.toBeInstanceOf(StorageFullError);
    await storage.delete('proofs/u/big.png');
    await storage.ping();
  });
});

/** Each test gets its own key prefix in the bucket and removes everything under it afterwards. */
async function createS3Subject(options: S3FileStorageOptions): Promise<Subject> {
  const keyPrefix = `tcg-test-${randomUUID()}/`;
  const storage = new S3FileStorage({ ...options, keyPrefix });
  const admin = new S3Client({
    endpoint: options.endpoint,
    region: options.region ?? (options.endpoint ? 'us-east-1' : undefined),
    forcePathStyle: options.forcePathStyle ?? options.endpoint !== undefined,
    credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
  });
  const cleanUp = async () => {
    const listed = await admin.send(new ListObjectsV2Command({ Bucket: options.bucket, Prefix: keyPrefix }));
    // One by one: DeleteObjects needs a Content-MD5 that the SDK no longer sends, which some servers require.
    for (const { Key } of listed.Contents ?? []) await admin.send(new DeleteObjectCommand({ Bucket: options.bucket, Key }));
    admin.destroy();
  };
  return { storage, cleanUp };
}

/** The adapter against the local S3 stand-in: what the SDK sends and how the adapter reads S3's answers. */
let standIn: S3StandIn;
const standInOptions = (): S3FileStorageOptions => ({
  bucket: standIn.bucket,
  endpoint: standIn.endpoint,
  accessKeyId: standIn.accessKeyId,
  secretAccessKey: standIn.secretAccessKey,
});

describe('S3FileStorage against a local S3 stand-in', () => {
  beforeAll(async () => {
    standIn = await startS3StandIn();
  });
  afterAll(() => standIn.stop());

  fileStorageContract('FileStorage contract', () => createS3Subject(standInOptions()), describe);

  it('reports a missing bucket as an error, never as a missing file', async () => {
    const storage = new S3FileStorage({ ...standInOptions(), bucket: 'no-such-bucket' });
    await expect(storage.get('cards/a.webp')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(storage.ping()).rejects.toBeDefined();
  });

  it('refuses unsigned requests (credentials reach the server)', async () => {
    const storage = new S3FileStorage({ ...standInOptions(), accessKeyId: 'OTHER', secretAccessKey: 'x' });
    await expect(storage.get('cards/a.webp')).rejects.toMatchObject({ name: 'AccessDenied' });
  });
});

const s3 = s3OptionsFromEnv(process.env);

if (s3) {
  fileStorageContract('FileStorage contract on S3', () => createS3Subject(s3), describe);
} else {
  fileStorageContract(
    'FileStorage contract on S3: not run, S3_BUCKET (AWS) or S3_ENDPOINT with S3_BUCKET and keys (S3-compatible) is not set',
    () => Promise.reject(new Error('S3 is not configured')),
    describe.skip,
  );
}
