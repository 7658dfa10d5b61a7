import { chmod, mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

const hasCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException | null)?.code === code;

/**
 * `mkdir -p`: makes `path` and whichever of its parents are missing. Node's own `recursive: true` never
 * returns when a parent exists but refuses children with ENOENT, as /proc does on Linux: DATA_DIR=/proc/tcg
 * hung the shop and the CLI without a word. Here a directory refused after its parent was made fails with
 * that error.
 */
export async function makeDirectory(path: string): Promise<void> {
  try {
    await mkdir(path);
  } catch (error) {
    if (hasCode(error, 'EEXIST') && (await stat(path)).isDirectory()) return;
    if (!hasCode(error, 'ENOENT') || dirname(path) === path) throw error;
    await makeDirectory(dirname(path));
    await mkdir(path).catch((again: unknown) => {
      // Made meanwhile by another process or request: what was wanted.
      if (!hasCode(again, 'EEXIST')) throw again;
    });
  }
}

/**
 * `makeDirectory`, then only its owner may enter it (0700): the embedded database's files (PGlite writes
 * them 0666 whatever the umask) and the payment proofs under it are nobody else's on a shared host
 * (security QA). A folder owned by another user (a mount the operator chose) keeps its mode.
 */
export async function makePrivateDirectory(path: string): Promise<void> {
  await makeDirectory(path);
  await chmod(path, 0o700).catch((error: unknown) => {
    if (!hasCode(error, 'EPERM')) throw error;
  });
}
