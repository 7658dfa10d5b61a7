import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A real full disk needs a file system of its own: a tmpfs mount, which only root may make. */
export const canMountSmallDisk = process.getuid?.() === 0;
export const SMALL_DISK_NOT_RUN = '(not run: mounting a small tmpfs needs root)';

export interface SmallDisk {
  path: string;
  unmount(): void;
}

/** A tmpfs of `bytes` (rounded up to whole pages by the kernel) on a new directory. */
export function mountSmallDisk(bytes: number): SmallDisk {
  const path = mkdtempSync(join(tmpdir(), 'tcg-small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', path]);
  return {
    path,
    unmount() {
      execFileSync('umount', [path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}
