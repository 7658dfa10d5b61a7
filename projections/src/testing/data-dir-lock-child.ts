/**
 * A process that takes the data directory's lock the moment `go` appears beside it, holds it briefly
 * and says on stdout whether it got it: for the lock's race test (`data-dir-lock.int.spec.ts`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';

const [dataDir] = process.argv.slice(2);
const go = join(dataDir, 'go');
process.stdout.write('ready\n');
while (!existsSync(go)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
try {
  const release = lockDataDir(dataDir, 'race');
  process.stdout.write('locked\n');
  setTimeout(() => {
    release();
    process.exit(0);
  }, 400);
} catch (error) {
  process.stdout.write(error instanceof DataDirLockedError ? `refused ${error.pid}\n` : `failed ${String(error)}\n`);
  process.exit(0);
}
