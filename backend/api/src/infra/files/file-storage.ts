export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

export type FileStorageKind = 'local' | 's3';

/**
 * Binary objects by key: card images, payment proofs. Keys look like relative paths
 * (`cards/LOB-001/large.webp`) and are checked by every adapter the same way (see `assertValidKey`).
 */
export interface FileStorage {
  readonly name: FileStorageKind;
  /** Replaces any object under `key` whole: a reader sees the old bytes or the new ones, never a mix. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object under the folder `folder` (a valid key; `proofs/u1` removes `proofs/u1/a.png`,
   * not `proofs/u10/b.png`). A folder with nothing in it is not an error.
   */
  deleteFolder(folder: string): Promise<void>;
  /** Rejects when the storage cannot be reached or written, or (local disk) has too little room left. */
  ping(): Promise<void>;
}

/**
 * The storage has no room for a write (a full disk or quota): nothing of that write is kept, and
 * nothing the caller can change about its request helps, so the API answers 507 and logs it.
 */
export class StorageFullError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageFullError';
  }
}

export class InvalidFileKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid file key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidFileKeyError';
  }
}

const KEY_CHARACTERS = /^[a-zA-Z0-9/_.-]+$/;
const MAX_KEY_LENGTH = 1024;
// Leaves room in a 255-byte file name for the local adapter's hidden temp and sidecar names.
const MAX_SEGMENT_LENGTH = 200;
const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+(;[^\r\n]*)?$/;

/**
 * Keys are relative paths of `[a-zA-Z0-9/_.-]` with no `..`, no empty segment and no segment
 * starting with a dot: the local adapter keeps its temp files and sidecars under dotted names,
 * so no key can collide with them, and no key can leave the storage root.
 */
export function assertValidKey(key: string): void {
  const fail = (reason: string): never => {
    throw new InvalidFileKeyError(key, reason);
  };
  if (typeof key !== 'string' || key.length === 0) fail('it is empty');
  if (key.length > MAX_KEY_LENGTH) fail(`it is longer than ${MAX_KEY_LENGTH} characters`);
  if (!KEY_CHARACTERS.test(key)) fail('only letters, digits, "/", "_", "." and "-" are allowed');
  if (key.includes('..')) fail('".." is not allowed');
  if (key.startsWith('/')) fail('it must be relative');
  for (const segment of key.split('/')) {
    if (segment.length === 0) fail('it has an empty path segment');
    if (segment.startsWith('.')) fail('a path segment may not start with "."');
    if (segment.length > MAX_SEGMENT_LENGTH) fail(`a path segment is longer than ${MAX_SEGMENT_LENGTH} characters`);
  }
}

/** The content type becomes a response header when the file is served, so it must be one line. */
export function assertValidContentType(contentType: string): void {
  if (typeof contentType !== 'string' || !CONTENT_TYPE.test(contentType)) {
    throw new TypeError(`Invalid content type ${JSON.stringify(contentType)}`);
  }
}

export const FALLBACK_CONTENT_TYPE = 'application/octet-stream';
