import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { SearchParams } from '@tcg/domain';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { createProjections } from '../projections/projection-registry';
import { replayProjections } from '../projections/replay';
import { PostgresSearchIndex } from '../search/postgres-search-index';
import { seedSynthetic } from '../synthetic/synthetic-seed';
import { createPostgresTestDatabase, readModelChecksums, tableChecksum, type TestDatabase } from '../testing';

jest.setTimeout(120_000);

const run = promisify(execFile);

let original: TestDatabase & { url: string };
let restored: TestDatabase & { url: string };
let folder: string;

beforeAll(async () => {
  original = await createPostgresTestDatabase();
  const store = new PostgresEventStore(original.db);
  await seedSynthetic({ store, cards: 60, events: 1500 });
  await replayProjections({ db: original.db, store, projections: createProjections() });
  restored = await createPostgresTestDatabase({ migrate: false });
  folder = mkdtempSync(join(tmpdir(), 'tcg-backup-'));
});

afterAll(async () => {
  await original?.drop();
  await restored?.drop();
  rmSync(folder, { recursive: true, force: true });
});

const search = (q: string): SearchParams => ({ q, languages: [], rarities: [], inStockOnly: false, sort: 'az', page: 1 });

// docs/operations.md "Backups": the shop's database is backed up with pg_dump and restored with pg_restore.
it('restores a pg_dump backup into an empty database with every table, the search included', async () => {
  const dump = join(folder, 'shop.dump');
  await run('pg_dump', ['--format=custom', `--file=${dump}`, original.url]);
  // --exit-on-error: a statement the restore cannot run fails it, rather than being counted and skipped
  // (a search function that named another without its schema left `card_search` out of every backup).
  await run('pg_restore', ['--exit-on-error', '--no-owner', `--dbname=${restored.url}`, dump]);

  expect(await readModelChecksums(restored.db)).toEqual(await readModelChecksums(original.db));
  const keys = { events: 'position', card_search: 'id', card_search_words: 'word', projection_checkpoints: 'name' };
  for (const [table, key] of Object.entries(keys)) {
    expect(await tableChecksum(restored.db, table, key)).toBe(await tableChecksum(original.db, table, key));
  }
  const before = new PostgresSearchIndex(original.db);
  const after = new PostgresSearchIndex(restored.db);
  for (const q of ['dragon', 'drag', 'dargon', '']) {
    const answer = await after.search(search(q));
    expect(answer).toEqual(await before.search(search(q)));
  }
  expect((await after.search(search('dragon'))).total).toBeGreaterThan(0);
});
