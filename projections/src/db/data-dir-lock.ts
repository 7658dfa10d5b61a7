import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const DATA_DIR_LOCK_FILE = 'tcg.lock';

/**
 * PGlite's files can be opened by one process only; a second one would corrupt them. Whoever opens the
 * embedded database (the shop, or the operators' CLI while the shop is stopped) first creates this file
 * exclusively, with its pid inside, and removes it on close.
 */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';

  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `La tienda está en ejecución (pid ${pid}) y tiene abierta la base embebida ${dataDir}. ` +
        'Deténla y vuelve a intentarlo, o usa DATABASE_URL. / The shop is running (pid ' +
        `${pid}) and holds the embedded database ${dataDir}; stop it and retry, or use DATABASE_URL.`,
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the data directory's lock file; returns the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, DATA_DIR_LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = holder(file);
      if (pid !== undefined && pid !== process.pid && alive(pid)) throw new DataDirLockedError(dataDir, pid);
      // Left behind by a process that died without closing: nobody holds the files any more.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the lock file ${file}`);
}
