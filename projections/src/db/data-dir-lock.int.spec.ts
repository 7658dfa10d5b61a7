import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_DIR_LOCK_FILE, DataDirLockedError, lockDataDir } from './data-dir-lock';

jest.setTimeout(120_000);

const child = join(__dirname, '..', 'testing', 'data-dir-lock-child.ts');

/** A pid no process has: far above any default pid_max. */
const DEAD_PID = 99_999_999;

/** Starts `racers` processes, and once all are loaded lets them take the lock at the same instant. */
async function race(dataDir: string, racers: number): Promise<string[]> {
  let ready = 0;
  let allReady: () => void = () => undefined;
  const loaded = new Promise<void>((resolve) => (allReady = resolve));
  const outcomes = Promise.all(
    Array.from({ length: racers }, () => {
      const racer = spawn(process.execPath, ['-r', '@swc-node/register', child, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      racer.stdout.on('data', (chunk: Buffer) => {
        out += chunk;
        if (chunk.toString().startsWith('ready') && ++ready === racers) allReady();
      });
      return new Promise<string>((resolve) => racer.on('exit', () => resolve(out.replace(/^ready\n/, '').trim())));
    }),
  );
  await loaded;
  writeFileSync(join(dataDir, 'go'), '');
  return outcomes;
}

describe('the embedded data directory lock', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tcg-lock-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lets exactly one of several processes take over a lock a dead process left', async () => {
    for (let round = 0; round < 6; round++) {
      writeFileSync(join(dataDir, DATA_DIR_LOCK_FILE), `${DEAD_PID}\ntcg-all`);
      const outcomes = await race(dataDir, 3);
      expect(outcomes.filter((outcome) => outcome === 'locked')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.startsWith('refused'))).toHaveLength(2);
      expect(existsSync(join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
      rmSync(join(dataDir, 'go'));
    }
  });

  it('refuses while its holder runs, and takes a lock whose pid now belongs to a later process', () => {
    const lock = join(dataDir, DATA_DIR_LOCK_FILE);
    // The parent of this test process runs: with its own start time it is the holder.
    const started = readFileSync(`/proc/${process.ppid}/stat`, 'utf8').split(') ')[1].split(' ')[19];
    writeFileSync(lock, `${process.ppid}\ntcg-all\n${started}`);
    expect(() => lockDataDir(dataDir, 'tcg-cli')).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir, 'tcg-cli')).toThrow(`borra ${lock}`);
    // The same pid with another start time: the kernel gave a dead holder's pid to a later process.
    writeFileSync(lock, `${process.ppid}\ntcg-all\n1`);
    const release = lockDataDir(dataDir, 'tcg-cli');
    expect(readFileSync(lock, 'utf8').split('\n').slice(0, 2)).toEqual([String(process.pid), 'tcg-cli']);
    release();
    expect(existsSync(lock)).toBe(false);
  });
});
