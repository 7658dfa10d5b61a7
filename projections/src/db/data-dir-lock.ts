import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const DATA_DIR_LOCK_FILE = 'tcg.lock';

/**
 * PGlite's files can be opened by one process only; a second one would corrupt them. Whoever opens the
 * embedded database (the shop, or the operators' CLI while the shop is stopped) first creates this file
 * exclusively, with its pid and its name (`tcg-all`, `tcg-cli`, …) inside, and removes it on close.
 */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';

  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly holderName?: string,
  ) {
    super(
      holderName === CLI_HOLDER
        ? `Otro comando tcg (pid ${pid}) tiene abierta la base embebida ${dataDir}. Espera a que termine y vuelve a intentarlo. / ` +
            `Another tcg command (pid ${pid}) holds the embedded database ${dataDir}; wait for it to finish and retry.`
        : `La tienda está en ejecución (pid ${pid}) y tiene abierta la base embebida ${dataDir}. ` +
            'Deténla y vuelve a intentarlo, o usa DATABASE_URL. / The shop is running (pid ' +
            `${pid}) and holds the embedded database ${dataDir}; stop it and retry, or use DATABASE_URL.`,
    );
  }
}

/** The name the operators' CLI opens the database under. */
export const CLI_HOLDER = 'tcg-cli';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(file: string): { pid: number; name?: string } | undefined {
  try {
    const [pidText, name] = readFileSync(file, 'utf8').split('\n');
    const pid = Number.parseInt(pidText, 10);
    return Number.isInteger(pid) ? { pid, name: name || undefined } : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the data directory's lock file for `name`; returns the function that gives it back. */
export function lockDataDir(dataDir: string, name = 'tcg'): () => void {
  const file = join(dataDir, DATA_DIR_LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n${name}`);
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const found = holder(file);
      if (found && found.pid !== process.pid && alive(found.pid)) throw new DataDirLockedError(dataDir, found.pid, found.name);
      // Left behind by a process that died without closing: nobody holds the files any more.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the lock file ${file}`);
}
