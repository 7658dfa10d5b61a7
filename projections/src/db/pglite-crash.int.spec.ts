import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { openDatabase } from './open-database';

jest.setTimeout(60_000);

const ROOT = join(__dirname, '..', '..', '..');

/** Runs the child to its SIGKILL; resolves with what it printed and the signal that ended it. */
function appendThenDie(dataDir: string, stream: string, count: number): Promise<{ output: string; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, '..', 'testing', 'pglite-append-child.ts'), dataDir, stream, String(count)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve({ output, signal }));
  });
}

describe('the embedded store (PGlite in a data directory) killed without a shutdown', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tcg-crash-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens again, with every append it had committed and its data-directory lock taken over', async () => {
    const died = await appendThenDie(dataDir, 'card-crash', 40);
    expect(died).toEqual({ output: 'appended 40\n', signal: 'SIGKILL' });

    const db = await openDatabase({ dataDir, applicationName: 'tcg-crash-test' });
    try {
      const events = await new PostgresEventStore(db).readStream('card-crash');
      expect(events.map((event) => (event.data as { revision: number }).revision)).toEqual(Array.from({ length: 40 }, (_, index) => index));
    } finally {
      await db.close();
    }
  });
});
