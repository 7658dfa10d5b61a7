import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeDirectory, makePrivateDirectory } from './make-directory';
import { openDatabase } from './open-database';

describe('makeDirectory', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'tcg-mkdir-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('makes a directory and its missing parents, and takes one that is there', async () => {
    const path = join(root, 'a', 'b', 'c');
    await makeDirectory(path);
    expect(statSync(path).isDirectory()).toBe(true);
    await expect(makeDirectory(path)).resolves.toBeUndefined();
  });

  // Security QA: the embedded database's files were 0666 in a 0755 folder, open to every local user.
  it('makes a private directory, and takes away what others could do in one that is there', async () => {
    const made = join(root, 'made', 'data');
    await makePrivateDirectory(made);
    expect(statSync(made).mode & 0o777).toBe(0o700);
    const open = join(root, 'open');
    await makeDirectory(open);
    chmodSync(open, 0o777);
    await makePrivateDirectory(open);
    expect(statSync(open).mode & 0o777).toBe(0o700);
  });

  it('makes the same directory from many callers at once', async () => {
    const path = join(root, 'x', 'y');
    await Promise.all(Array.from({ length: 8 }, () => makeDirectory(path)));
    expect(statSync(path).isDirectory()).toBe(true);
  });

  it('refuses a path that is a file', async () => {
    const file = join(root, 'file');
    writeFileSync(file, '');
    await expect(makeDirectory(file)).rejects.toMatchObject({ code: 'EEXIST' });
    await expect(makeDirectory(join(file, 'below'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  // Node's `mkdir(…, { recursive: true })` never settles there.
  it('fails, rather than hangs, where a parent refuses children (/proc)', async () => {
    await expect(makeDirectory('/proc/tcg-make-directory/data')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('openDatabase on a DATA_DIR', () => {
  it('keeps the embedded database in a folder only its owner may enter', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tcg-private-'));
    try {
      const db = await openDatabase({ dataDir: join(root, 'data') });
      await db.close();
      expect(statSync(join(root, 'data')).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('openDatabase on a DATA_DIR that cannot be made', () => {
  it('says which folder and why, instead of hanging', async () => {
    await expect(openDatabase({ dataDir: '/proc/tcg-open-database' })).rejects.toThrow(
      "the embedded database's folder /proc/tcg-open-database (DATA_DIR) cannot be made: ENOENT",
    );
  });
});
