import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, open, readFile, rename, rm, stat, statfs } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { makeDirectory, makePrivateDirectory } from '@tcg/projections';
import {
  assertValidContentType,
  assertValidKey,
  FALLBACK_CONTENT_TYPE,
  FileStorage,
  StorageFullError,
  StoredFile,
} from './file-storage';

export const DEFAULT_LOCAL_ROOT = 'var/files';
/** Below this much free space `ping` fails: a proof (5 MB) or a card's pictures would soon not fit. */
export const DEFAULT_MIN_FREE_BYTES = 64 * 1024 * 1024;

export interface LocalFileStorageOptions {
  /** Directory that holds the files; relative to the working directory. Default `var/files`. */
  root?: string;
  /** Free space under `root` below which `ping` reports the storage down. Default 64 MiB. */
  minFreeBytes?: number;
}

/**
 * Files on local disk: `<root>/<key>` holds the bytes, so the directory can be served as is, and a
 * hidden sidecar `.<name>.content-type` next to it holds the content type given to `put`.
 * Each file is written to a temp file, flushed and renamed over the target, so a reader or a crash
 * never sees half a file. Bytes and sidecar are two files, so every operation on one key is
 * serialised in this process: a get never pairs the bytes of one put with the content type of
 * another. Several processes writing the same key could still mix them; run one writer per root.
 */
export class LocalFileStorage implements FileStorage {
  readonly name = 'local' as const;
  readonly root: string;
  private readonly minFreeBytes: number;
  private readonly locks = new Map<string, Promise<void>>();

  constructor(options: LocalFileStorageOptions = {}) {
    this.root = resolve(options.root ?? DEFAULT_LOCAL_ROOT);
    this.minFreeBytes = options.minFreeBytes ?? DEFAULT_MIN_FREE_BYTES;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    assertValidContentType(contentType);
    await this.exclusive(key, async () => {
      const existed = await this.exists(key);
      try {
        await makeDirectory(dirname(file));
        await writeAtomically(sidecarOf(file), contentType);
        await writeAtomically(file, bytes);
      } catch (error) {
        // A new key whose bytes could not be written leaves nothing behind, not a lone sidecar.
        if (!existed) await rm(sidecarOf(file), { force: true });
        throw isNoRoom(error) ? new StorageFullError(`No room under ${this.root} for ${key}`, { cause: error }) : error;
      }
    });
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    return this.exclusive(key, async () => {
      const bytes = await readFile(file).catch(absentAs(null));
      if (!bytes) return null;
      const contentType = await readFile(sidecarOf(file), 'utf8').catch(absentAs(FALLBACK_CONTENT_TYPE));
      return { bytes, contentType };
    });
  }

  async exists(key: string): Promise<boolean> {
    const info = await stat(this.pathOf(key)).catch(absentAs(null));
    return info?.isFile() ?? false;
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await this.exclusive(key, async () => {
      await rm(file, { force: true });
      await rm(sidecarOf(file), { force: true });
    });
  }

  async deleteFolder(folder: string): Promise<void> {
    await rm(this.pathOf(folder), { recursive: true, force: true });
  }

  /**
   * Makes the root folder if it is missing, for its owner only (payment proofs are in it), and throws the
   * file system's refusal when it cannot be written.
   */
  async ensureWritable(): Promise<void> {
    await makePrivateDirectory(this.root);
    await access(this.root, constants.W_OK);
  }

  async ping(): Promise<void> {
    await this.ensureWritable();
    const { bavail, bsize } = await statfs(this.root);
    const free = bavail * bsize;
    if (free < this.minFreeBytes) {
      throw new StorageFullError(`Only ${free} bytes free under ${this.root} (at least ${this.minFreeBytes} wanted)`);
    }
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return join(this.root, key);
  }

  private async exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    const current = previous.then(work);
    const settled = current.then(
      () => undefined,
      () => undefined,
    );
    this.locks.set(key, settled);
    try {
      return await current;
    } finally {
      if (this.locks.get(key) === settled) this.locks.delete(key);
    }
  }
}

function sidecarOf(file: string): string {
  return join(dirname(file), `.${basename(file)}.content-type`);
}

async function writeAtomically(target: string, data: Uint8Array | string): Promise<void> {
  const temp = join(dirname(target), `.${basename(target)}.${randomUUID()}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The disk is full, or the user's quota is. */
function isNoRoom(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** A missing file (or a directory where a file was expected) reads as `fallback`. */
function absentAs<T>(fallback: T): (error: NodeJS.ErrnoException) => T {
  return (error) => {
    if (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'ENOTDIR') return fallback;
    throw error;
  };
}
