import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
    lockFile?: string,
  ) {
    super(
      holderName === CLI_HOLDER
        ? `Otro comando tcg (pid ${pid}) tiene abierta la base embebida ${dataDir}. Espera a que termine y vuelve a intentarlo. / ` +
            `Another tcg command (pid ${pid}) holds the embedded database ${dataDir}; wait for it to finish and retry.`
        : `La tienda está en ejecución (pid ${pid}) y tiene abierta la base embebida ${dataDir}. ` +
            'Deténla y vuelve a intentarlo, o usa DATABASE_URL. / The shop is running (pid ' +
            `${pid}) and holds the embedded database ${dataDir}; stop it and retry, or use DATABASE_URL.` +
            (lockFile ? ` (Si ningún proceso de la tienda tiene ese pid, borra ${lockFile}. / If no shop process has that pid, delete ${lockFile}.)` : ''),
    );
  }
}

/** The name the operators' CLI opens the database under. */
export const CLI_HOLDER = 'tcg-cli';

/** The kernel's start time of a process (Linux `/proc`), which tells a reused pid from the lock's holder. */
function startTime(pid: number): string | undefined {
  try {
    // Field 22 of /proc/<pid>/stat, counted after the command name (which may hold spaces) ends with ")".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

interface Holder {
  pid: number;
  name?: string;
  started?: string;
}

function alive({ pid, started }: Holder): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A process with that pid runs: the holder only if it started when the holder did (where that is known).
  const now = started && startTime(pid);
  return !now || now === started;
}

function holder(file: string): Holder | undefined {
  try {
    const [pidText, name, started] = readFileSync(file, 'utf8').split('\n');
    const pid = Number.parseInt(pidText, 10);
    return Number.isInteger(pid) ? { pid, name: name || undefined, started: started || undefined } : undefined;
  } catch {
    return undefined;
  }
}

/** How long a takeover of a stale lock may take before another process treats it as abandoned. */
const TAKEOVER_STALE_MS = 10_000;

/**
 * Takes the data directory's lock file for `name`; returns the function that gives it back. The file
 * appears whole (written beside it, then hard-linked into place, which fails when it exists), and a
 * lock left by a dead process is replaced under a takeover directory only one process can create, so
 * two processes finding the same stale lock never both take it.
 */
export function lockDataDir(dataDir: string, name = 'tcg'): () => void {
  const file = join(dataDir, DATA_DIR_LOCK_FILE);
  const mine = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  // Given back on close, or as the process exits without closing (Ctrl-C's exit 130; CLI QA found it left).
  const release = () => {
    process.off('exit', release);
    rmSync(file, { force: true });
  };
  writeFileSync(mine, `${process.pid}\n${name}\n${startTime(process.pid) ?? ''}`);
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      if (tryLink(mine, file)) return held(release);
      const found = holder(file);
      if (found && found.pid !== process.pid && alive(found)) throw new DataDirLockedError(dataDir, found.pid, found.name, file);
      // Left behind by a process that died without closing (or still being written): replace it, alone.
      if (takeOver(file, mine)) return held(release);
      sleepSync(20);
    }
  } finally {
    rmSync(mine, { force: true });
  }
  throw new Error(`could not take the lock file ${file}`);
}

function held(release: () => void): () => void {
  process.on('exit', release);
  return release;
}

function tryLink(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  }
}

/** Under the takeover directory: if the lock is still a dead process's, puts ours in its place. */
function takeOver(file: string, mine: string): boolean {
  const guard = `${file}.takeover`;
  try {
    mkdirSync(guard);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process is taking over; one that died doing so leaves the directory behind.
    const since = statSync(guard, { throwIfNoEntry: false })?.mtimeMs;
    if (since !== undefined && Date.now() - since > TAKEOVER_STALE_MS) rmSync(guard, { recursive: true, force: true });
    return false;
  }
  try {
    const found = holder(file);
    if (found && found.pid !== process.pid && alive(found)) return false;
    rmSync(file, { force: true });
    return tryLink(mine, file);
  } finally {
    rmSync(guard, { recursive: true, force: true });
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
