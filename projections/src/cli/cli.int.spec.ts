import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardStreamName } from '@tcg/domain';
import { loadMigrations } from '../db/migrate';
import { PgDatabase } from '../db/pg-database';
import type { Database } from '../db/sql';
import type { EventStore } from '../event-store/event-store.port';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { readCheckpoint, resetCheckpoint } from '../projections/checkpoints';
import { deferIndexes, deferredIndexCount, restoreIndexes } from '../projections/deferred-indexes';
import { lockForMaintenance, MAINTENANCE_LOCK_SPACE } from '../projections/maintenance-lock';
import { PROJECTION_LOCK_SPACE } from '../projections/projection-runner';
import { createProjections } from '../projections/projection-registry';
import { openSearch } from '../search/open-search-index';
import { syntheticHistory } from '../synthetic/synthetic-history';
import { seedSynthetic } from '../synthetic/synthetic-seed';
import { createPostgresTestDatabase, TestDatabase } from '../testing';
import { CliContext, openCliContext, type OpenContext } from './cli-context';
import { runCli } from './main';
import { FINISHED_NOTE, interruption, rebuildInterruptedNote } from './output';

jest.setTimeout(60_000);

let database: TestDatabase & { url: string };

/** A CLI context on `db` and `store`; closing it closes nothing (the test owns both). */
function contextOn(db: Database, store: PostgresEventStore): CliContext {
  return { db, store, search: openSearch({ db }), projections: createProjections(), close: () => Promise.resolve() };
}

function context(): Promise<CliContext> {
  const store = new PostgresEventStore(database.db);
  return Promise.resolve({ ...contextOn(database.db, store), close: () => store.close() });
}

function run(...argv: string[]): Promise<{ out: string; err: string; code: number }> {
  return runWith(context, ...argv);
}

/** Runs the CLI in this process with `open` for its context; what it printed and its exit code. */
async function runWith(open: OpenContext, ...argv: string[]): Promise<{ out: string; err: string; code: number }> {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0);
  process.exitCode = 0;
  try {
    await runCli(argv, open);
    return { out: out.join(''), err: err.join(''), code: Number(process.exitCode ?? 0) };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
    process.exitCode = 0;
  }
}

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  const store = new PostgresEventStore(database.db);
  await seedSynthetic({ store, cards: 50, events: 1500 });
  await store.close();
});

afterAll(async () => {
  await database?.drop();
});

it('shows status, replays, rebuilds and audits with --json', async () => {
  const before = JSON.parse((await run('projections', 'status', '--json')).out);
  expect(before.projections.map((row: { name: string; state: string }) => [row.name, row.state])).toEqual([['cards', 'not started'], ['orders', 'not started']]);
  expect(before.pendingMigrations).toEqual([]);
  expect(before.projections[0].lagEvents).toBeGreaterThanOrEqual(1500);

  const replay = await run('--json', 'projections', 'replay', 'cards');
  expect(JSON.parse(replay.out)).toMatchObject({ projection: 'cards', kind: 'replay', position: before.head });
  expect(JSON.parse((await run('projections', 'rebuild', 'orders', '--json')).out)).toMatchObject({ kind: 'rebuild', position: before.head });

  // Up to date, and no projector holds them: their read models stand still until one runs.
  const afterRun = await run('projections', 'status', '--json');
  expect(afterRun.code).toBe(0);
  const after = JSON.parse(afterRun.out);
  expect(after.projections.every((row: { lagEvents: number; state: string }) => row.lagEvents === 0 && row.state === 'stopped')).toBe(true);
  const projector = await database.db.tryLock(PROJECTION_LOCK_SPACE, 'cards');
  try {
    const running = JSON.parse((await run('projections', 'status', '--json')).out);
    expect(running.projections.map((row: { name: string; state: string }) => [row.name, row.state])).toEqual([['cards', 'running'], ['orders', 'stopped']]);
  } finally {
    await projector?.release();
  }

  const all = await run('--json', 'projections', 'replay', '--all');
  expect(JSON.parse(all.out)).toEqual([
    expect.objectContaining({ projection: 'cards', kind: 'replay', position: before.head }),
    expect.objectContaining({ projection: 'orders', kind: 'replay', position: before.head }),
  ]);
  const events = JSON.parse(all.out).reduce((sum: number, row: { eventsApplied: number }) => sum + row.eventsApplied, 0);
  expect(events).toBeGreaterThanOrEqual(1500);

  const clean = await run('audit', '--json');
  expect(clean.code).toBe(0);
  expect(JSON.parse(clean.out)).toEqual({ checked: 50, differences: [], missingRows: [], halted: null, position: before.head, head: before.head });
});

it('prints only the differing cards and exits 1 when the stored stock is wrong', async () => {
  const { rows } = await database.db.query<{ id: string; stock_final: number }>('UPDATE cards SET stock_final = stock_final + 2 WHERE id = (SELECT min(id) FROM cards) RETURNING id, stock_final');
  const result = await run('audit');
  expect(result.code).toBe(1);
  expect(result.out).toBe(`${rows[0].id}: stored ${rows[0].stock_final}, replayed ${rows[0].stock_final - 2}\naudit: 1 of 50 cards differs\n`);
});

it('names a card of the log without a row, and exits 1', async () => {
  const { rows } = await database.db.query<{ id: string }>('DELETE FROM cards WHERE id = (SELECT max(id) FROM cards) RETURNING id');
  try {
    const result = await run('audit');
    expect(result.code).toBe(1);
    expect(result.out).toContain(`${rows[0].id}: in the log, but no row in the read model\n`);
    expect(result.out).toMatch(/, 1 card of the log has no row\n$/);
  } finally {
    await run('projections', 'replay', 'cards');
  }
  expect((await run('audit')).code).toBe(0);
});

it('exits 2 for a blank e-mail to admin grant, as for a missing one', async () => {
  expect(await run('admin', 'grant', ' ')).toEqual({ out: '', err: "error: missing required argument 'email'\n", code: 2 });
  expect((await run('admin', 'grant')).code).toBe(2);
});

it('names a row whose card has no events in the log, whatever its stock, and exits 1', async () => {
  await run('projections', 'replay', '--all');
  // A copy of a listed card's row under an id no stream has.
  const { rows: columns } = await database.db.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'cards' AND is_generated = 'NEVER' AND column_name NOT IN ('id', 'stock_final')`,
  );
  const copied = columns.map((column) => `"${column.name}"`).join(', ');
  try {
    for (const stock of [0, 3]) {
      await database.db.query(`INSERT INTO cards (id, stock_final, ${copied}) SELECT $1, $2, ${copied} FROM cards LIMIT 1`, ['Ghost_X-1_Rare_Unlimited_en', stock]);
      const result = await run('audit');
      expect([stock, result.code, result.out]).toEqual([stock, 1, `Ghost_X-1_Rare_Unlimited_en: stored ${stock}, but no events in the log\naudit: 1 of 51 cards differs\n`]);
      expect(JSON.parse((await run('--json', 'audit')).out).differences).toEqual([{ cardId: 'Ghost_X-1_Rare_Unlimited_en', stored: stock, replayed: 0, noEvents: true }]);
      await database.db.query(`DELETE FROM cards WHERE id = 'Ghost_X-1_Rare_Unlimited_en'`);
    }
  } finally {
    await database.db.query(`DELETE FROM cards WHERE id = 'Ghost_X-1_Rare_Unlimited_en'`);
  }
});

it('names the known projections and exits 2 for an unknown one', async () => {
  const result = await run('projections', 'replay', 'kards');
  expect(result.code).toBe(2);
  expect(result.err).toContain('unknown projection "kards"; known: cards, orders, search-opensearch (with OPENSEARCH_URL)');
  for (const command of ['replay', 'rebuild']) {
    const unset = await run('projections', command, 'search-opensearch');
    expect([command, unset.code, unset.err]).toEqual([
      command,
      2,
      'error: projection "search-opensearch" needs OPENSEARCH_URL (the OpenSearch address), which is not set; known without it: cards, orders\n',
    ]);
  }
  expect((await run('projections', 'frobnicate')).code).toBe(2);
  const neither = await run('projections', 'replay');
  expect(neither.code).toBe(2);
  expect(neither.err).toContain('name the projections to replay, or give --all');
  expect((await run('projections', 'replay', 'cards', '--all')).code).toBe(2);
  for (const count of ['1e3', '0x10', '1.5', '-5', '0', 'abc']) {
    const refused = await run('seed:synthetic', '--cards', count, '--events', '10');
    expect([count, refused.code, refused.err]).toEqual([count, 2, expect.stringContaining('expects a whole number from 1 to 10000000')]);
  }
  const huge = await run('seed:synthetic', '--cards', '9007199254740991', '--events', '10');
  expect([huge.code, huge.err]).toEqual([2, expect.stringContaining('expects a whole number from 1 to 10000000')]);
  const past = await run('seed:synthetic', '--cards', '99999999999999999999', '--events', '10');
  expect([past.code, past.err]).toEqual([2, expect.stringContaining('expects a whole number from 1 to 10000000')]);
  expect(await run('help', 'bogus')).toEqual({ out: '', err: "error: unknown command 'bogus'\n", code: 2 });
  expect((await run('help', 'audit')).code).toBe(0);
  // A seed past 2^53 is refused naming the limit (CLI QA: it said only '≥ 1').
  const seed = await run('seed:synthetic', '--cards', '5', '--events', '10', '--seed', '99999999999999999999');
  expect([seed.code, seed.err]).toEqual([2, expect.stringContaining('expects a whole number from 1 to 9007199254740991')]);
});

it('prints its version, and each command lists --json among the options it takes', async () => {
  const version = await run('--version');
  expect([version.code, version.out]).toEqual([0, `${JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')).version}\n`]);
  for (const command of [['audit'], ['projections', 'status'], ['projections', 'replay'], ['seed:synthetic'], ['admin', 'grant']]) {
    const help = await run(...command, '--help');
    expect([command.join(' '), help.code, help.out]).toEqual([command.join(' '), 0, expect.stringContaining('--json')]);
  }
});

it('refuses to seed the same synthetic history twice into one log; another seed adds a history of its own', async () => {
  const target = await createPostgresTestDatabase();
  const store = new PostgresEventStore(target.db);
  const open: OpenContext = () => Promise.resolve(contextOn(target.db, store));
  try {
    expect((await runWith(open, 'seed:synthetic', '--cards', '20', '--events', '400')).code).toBe(0);
    const again = await runWith(open, 'seed:synthetic', '--cards', '20', '--events', '400');
    expect(again.code).toBe(1);
    expect(again.err).toContain('this event log already holds a synthetic history');
    // CLI QA: the same seed with another --cards placed its orders a second time, and halted orders for good.
    const eventsBefore = (await target.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0].n;
    const larger = await runWith(open, 'seed:synthetic', '--cards', '900', '--events', '2000');
    expect([larger.code, larger.err]).toEqual([1, expect.stringContaining('this event log already holds a synthetic history (order-synthetic-7-1 exists)')]);
    expect((await target.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0].n).toBe(eventsBefore);
    const other = await runWith(open, 'seed:synthetic', '--cards', '20', '--events', '400', '--seed', '3');
    expect(other.code).toBe(0);
    // The count is a target: whole listings and a whole last order may pass it, and the note says why.
    // (This seed's last order ends 4 events past it.)
    expect(other.out).toContain('seeded 20 cards and 404 events');
    expect(other.out).toContain("note: 4 events more than --events asked: every card's listing, and the last order (its reservations, the order and its outcome), are written whole");
    const { rows } = await target.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT stream_id FROM events WHERE type = 'OrderPlaced' GROUP BY stream_id HAVING count(*) > 1) twice`,
    );
    expect(rows[0].n).toBe(0);
    expect((await runWith(open, 'projections', 'replay', '--all')).code).toBe(0);
    expect((await runWith(open, 'audit')).code).toBe(0);
  } finally {
    await store.close();
    await target.drop();
  }
});

it('refuses to open again a stream the log holds (another history listed a card of the same print)', async () => {
  const target = await createPostgresTestDatabase();
  const store = new PostgresEventStore(target.db);
  const open: OpenContext = () => Promise.resolve(contextOn(target.db, store));
  try {
    expect((await runWith(open, 'seed:synthetic', '--cards', '5', '--events', '5', '--seed', '11')).code).toBe(0);
    const [, second] = syntheticHistory({ cards: 20, events: 0, seed: 3 });
    await store.append(second.streamId, [{ id: randomUUID(), type: 'PriceSet', data: { cardId: 'x', salePrice: 100, offerPrice: null, at: new Date().toISOString() }, metadata: { correlationId: randomUUID(), actor: 'synthetic' } }], 'any');
    const collided = await runWith(open, 'seed:synthetic', '--cards', '20', '--events', '400', '--seed', '3');
    expect([collided.code, collided.err]).toEqual([1, expect.stringContaining(`(${second.streamId} exists)`)]);
    expect((await store.readStream(second.streamId)).map((event) => event.type)).toEqual(['PriceSet']);
  } finally {
    await store.close();
    await target.drop();
  }
});

it("refuses to seed a synthetic history into a log that holds a shop's own (the demo's, a real one), writing nothing", async () => {
  const target = await createPostgresTestDatabase();
  const store = new PostgresEventStore(target.db);
  const open: OpenContext = () => Promise.resolve(contextOn(target.db, store));
  try {
    const card = 'Dark Magician_LOB-EN005_Ultra Rare_Unlimited_en';
    await store.append(cardStreamName(card), [{ type: 'StockAdded', data: { cardId: card, quantity: 1, unitCost: 1, at: '2025-01-15T15:00:00.000Z' }, metadata: { correlationId: 'c', actor: 'demo-seed' } }], 'any');
    const head = await store.head();
    const refused = await runWith(open, 'seed:synthetic', '--cards', '20', '--events', '400');
    expect([refused.code, refused.err]).toEqual([1, expect.stringMatching(/^error: this event log holds a shop's own history \(its first event is by demo-seed\): .*seed a fresh database/)]);
    expect(await store.head()).toBe(head);
  } finally {
    await store.close();
    await target.drop();
  }
});

it('says plainly that the embedded database is in use by the running shop', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tcg-cli-'));
  try {
    mkdirSync(join(dataDir, 'data'));
    writeFileSync(join(dataDir, 'data', 'tcg.lock'), String(process.ppid));
    await expect(openCliContext({ DATA_DIR: dataDir })).rejects.toThrow(/La tienda está en ejecución .* The shop is running/);
    // Another tcg command, not the shop, is named as such.
    writeFileSync(join(dataDir, 'data', 'tcg.lock'), `${process.ppid}\ntcg-cli`);
    await expect(openCliContext({ DATA_DIR: dataDir })).rejects.toThrow(/^Otro comando tcg \(pid \d+\) .* Another tcg command \(pid \d+\) holds the embedded database/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it('audits as of the cards projection when it is behind the log: no false differences, and a note', async () => {
  await run('projections', 'replay', '--all');
  const { rows } = await database.db.query<{ id: string; stock_final: number }>('SELECT id, stock_final FROM cards ORDER BY id LIMIT 1');
  // Stock added after the projection's checkpoint, with no projector running to apply it.
  const store = new PostgresEventStore(database.db);
  const data = { version: 1, cardId: rows[0].id, quantity: 3, unitCost: 0, at: new Date().toISOString() };
  const { position } = await store.append(cardStreamName(rows[0].id), [{ type: 'StockAdded', data, metadata: { correlationId: 'test', actor: 'test' } }], 'any');
  await store.close();

  const result = await run('audit');
  expect(result.code).toBe(0);
  expect(result.out).toMatch(new RegExp(`^note: the cards projection is at position \\d+, the log at ${position}: cards were audited as of \\d+\n`));
  expect(result.out).toContain('audit: 50 cards, stored stock equals replayed stock for all');
});

// CLI QA: `search-opensearch__shadow` (25 characters) pushed its row's columns out of line.
it('keeps the columns of status in line, whatever the length of a name', async () => {
  await database.db.transaction((tx) => resetCheckpoint(tx, 'search-opensearch__shadow', 0, 0));
  try {
    const rows = (await run('projections', 'status')).out.split('\n').filter((line) => /^(cards|orders|search-opensearch__shadow) /.test(line));
    expect(rows).toHaveLength(3);
    const stateColumn = rows.map((line) => line.search(/ (running|stopped|halted|not started|abandoned)/));
    expect(new Set(stateColumn)).toEqual(new Set([25]));
  } finally {
    await database.db.query(`DELETE FROM projection_checkpoints WHERE name = 'search-opensearch__shadow'`);
  }
});

it('shows a shadow left by an interrupted rebuild as abandoned, and how to clear it', async () => {
  await database.db.transaction((tx) => resetCheckpoint(tx, 'cards__shadow', 0, 0));
  const text = await run('projections', 'status');
  expect(text.out).toMatch(/cards__shadow\s+abandoned\s/);
  expect(text.out).toContain('left by an interrupted rebuild; the next `tcg projections rebuild cards` clears it');

  // A replay of cards in another process holds the maintenance lock, as a rebuild does: the leftover is still a leftover.
  const other = new PgDatabase({ connectionString: database.url, max: 1 });
  try {
    const replaying = await other.tryLock(MAINTENANCE_LOCK_SPACE, 'cards');
    expect((await run('projections', 'status')).out).toMatch(/cards__shadow\s+abandoned\s/);
    await replaying?.release();

    let started = (): void => undefined;
    let finish = (): void => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const hold = (): Promise<void> => {
      started();
      return new Promise<void>((resolve) => (finish = resolve));
    };
    const rebuilding = lockForMaintenance(other, ['cards'], hold, 'rebuild');
    await running;
    expect((await run('projections', 'status')).out).toMatch(/cards__shadow\s+rebuilding\s/);
    finish();
    await rebuilding;
  } finally {
    await other.close();
  }

  await run('projections', 'rebuild', 'cards');
  expect((await run('projections', 'status')).out).not.toContain('cards__shadow');

  // The OpenSearch projection exists only with OPENSEARCH_URL: its leftover says so.
  await database.db.transaction((tx) => resetCheckpoint(tx, 'search-opensearch__shadow', 0, 0));
  try {
    expect((await run('projections', 'status')).out).toContain('the next `tcg projections rebuild search-opensearch` (with OPENSEARCH_URL set) clears it');
  } finally {
    await database.db.query(`DELETE FROM projection_checkpoints WHERE name = 'search-opensearch__shadow'`);
  }
});

it('never shows a projection at the head with a lag: an event appended while status reads is after the head it prints', async () => {
  const busy = await createPostgresTestDatabase();
  const store = new PostgresEventStore(busy.db);
  try {
    await seedSynthetic({ store, cards: 5, events: 60 });
    const open: OpenContext = () => Promise.resolve(contextOn(busy.db, store));
    expect((await runWith(open, 'projections', 'replay', '--all')).code).toBe(0);
    // A shopper's stock add lands between the reads of the checkpoints and the lag.
    let appended = false;
    const arriving = Object.create(store) as PostgresEventStore;
    arriving.behind = async (position, limit) => {
      if (!appended) {
        appended = true;
        await store.append(cardStreamName('Late_X-1_Rare_Unlimited_en'), [{ type: 'CardListed', data: {}, metadata: { correlationId: 'c', actor: 'test' } }], 'any');
      }
      return store.behind(position, limit);
    };
    const shown = JSON.parse((await runWith(() => Promise.resolve(contextOn(busy.db, arriving)), 'projections', 'status', '--json')).out) as {
      head: number;
      projections: { name: string; position: number; lagEvents: number }[];
    };
    expect(appended).toBe(true);
    for (const row of shown.projections) if (row.position === shown.head) expect(row).toMatchObject({ lagEvents: 0 });
    expect(shown.projections.find((row) => row.name === 'cards')!.position).toBeLessThan(shown.head);
  } finally {
    await store.close();
    await busy.drop();
  }
});

it('records a replay or rebuild that stops on an unreadable event: status shows it halted or failed, with the event', async () => {
  const broken = await createPostgresTestDatabase();
  const store = new PostgresEventStore(broken.db);
  try {
    await seedSynthetic({ store, cards: 5, events: 60 });
    await store.append(cardStreamName('Bogus_X-2_Rare_Unlimited_en'), [{ type: 'StockSold', data: { cardId: 'Bogus_X-2_Rare_Unlimited_en', quantity: 'lots' }, metadata: { correlationId: 'c', actor: 'test' } }], 'any');
    const open: OpenContext = () => Promise.resolve(contextOn(broken.db, store));

    const replay = await runWith(open, 'projections', 'replay', 'cards');
    expect(replay.code).toBe(1);
    // One line, naming the field: zod's own message is pretty-printed JSON over many lines.
    expect(replay.err).toMatch(/^error: projection cards halted: event StockSold at position \d+ on card-Bogus\S+: Cannot read event StockSold v1: [^\n]*quantity: Invalid input: expected number[^\n]*\n$/);
    // CLI QA: of a replay of several, the halt alone read as if nothing had been replayed.
    const all = await runWith(open, 'projections', 'replay', '--all');
    expect([all.code, all.err]).toEqual([1, expect.stringMatching(/^error: projection cards halted: event StockSold .*; orders was replayed to the end \(tcg projections status\)\n$/)]);
    const afterReplay = await runWith(open, 'projections', 'status');
    expect(afterReplay.out).toMatch(/^cards\s+halted\s/m);
    // A monitor's `tcg projections status || alert` sees it; the same in --json.
    expect(afterReplay.code).toBe(1);
    expect((await runWith(open, '--json', 'projections', 'status')).code).toBe(1);
    expect(afterReplay.out).toMatch(/^ +last error: event StockSold at position \d+ on card-Bogus\S+: Cannot read event StockSold v1: [^\n]*quantity: Invalid input: expected number[^\n]*\n(?!\s+[\]"}])/m);
    const audit = await runWith(open, 'audit');
    expect(audit.out).toMatch(/^the cards projection is halted at position \d+: event StockSold [^\n]*quantity: [^\n]*expected number[^\n]*\n(?!\s+[\]"}])/m);
    // Its last line agrees: not 'equals replayed stock for all'.
    expect(audit.out).toMatch(/audit: the cards projection is halted \(its rows stop at the halt\)\n$/);

    // An error recorded over several lines (before halts were kept to one) is still printed on one.
    await broken.db.query(`UPDATE projection_checkpoints SET last_error = $1 WHERE name = 'cards'`, ['Cannot read event X v1: [\n  {\n    "path": []\n  }\n]']);
    expect((await runWith(open, 'projections', 'status')).out).toContain('last error: Cannot read event X v1: [ { "path": [] } ]\n');
    expect((await runWith(open, 'audit')).out).toMatch(/halted at position \d+: Cannot read event X v1: \[ \{ "path": \[\] \} \]\n/);

    const rebuild = await runWith(open, 'projections', 'rebuild', 'cards');
    expect(rebuild.code).toBe(1);
    const afterRebuild = await runWith(open, 'projections', 'status');
    expect(afterRebuild.out).toMatch(/^cards__shadow\s+failed\s/m);
    expect(afterRebuild.code).toBe(1);
    expect(afterRebuild.out).toContain('left by a rebuild that stopped on the error above; the next `tcg projections rebuild cards` clears it');
  } finally {
    await store.close();
    await broken.drop();
  }
});

/** The CLI as its own process on the test database (plus `env`): its exit code, and what it wrote on stderr. */
function spawnCli(args: string[], env: NodeJS.ProcessEnv = {}, stdout: 'ignore' | 'pipe' = 'ignore') {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, 'main.ts'), ...args], {
    cwd: join(__dirname, '..', '..', '..'),
    env: { ...process.env, DATABASE_URL: database.url, ...env },
    stdio: ['ignore', stdout, 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (chunk) => (err += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, err: () => err };
}

// Before: the bin was dist/cli/main.js, which every build writes anew without its execute bit, and
// `npx tcg` answered "Permission denied" after the first rebuild.
it('runs as the package bin, executable as committed, whatever a build wrote', () => {
  const packageDir = join(__dirname, '..', '..');
  expect(JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).bin).toEqual({ tcg: 'bin/tcg.js' });
  const run = spawnSync(join(packageDir, 'bin', 'tcg.js'), ['--help'], { encoding: 'utf8' });
  expect([run.status, run.stdout]).toEqual([0, expect.stringContaining('Usage: tcg')]);
});

it('on Ctrl-C says what became of the work and exits 130', async () => {
  // A projector of another process holds cards and applies nothing: the replay follows it and waits.
  const projector = new PgDatabase({ connectionString: database.url, max: 1 });
  const held = await projector.tryLock(PROJECTION_LOCK_SPACE, 'cards');
  try {
    const cli = spawnCli(['projections', 'replay', 'cards']);
    const deadline = Date.now() + 30_000;
    while ((await readCheckpoint(database.db, 'cards'))?.position !== 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(130);
    expect(cli.err()).toContain('interrupted: every batch applied so far is committed with its checkpoint; run the same command again to finish');
  } finally {
    await held?.release();
    await projector.close();
  }
  await run('projections', 'replay', 'cards');
});

it('says in status which projection lacks the indexes an interrupted replay dropped, until they are built again', async () => {
  const cards = createProjections().find((projection) => projection.name === 'cards')!;
  await database.db.transaction((tx) => deferIndexes(tx, cards.tables));
  try {
    const dropped = await deferredIndexCount(database.db, cards.tables);
    expect(dropped).toBeGreaterThan(0);
    const { out } = await run('projections', 'status');
    expect(out).toMatch(new RegExp(`^cards .*\\n {23}${dropped} secondary indexes not built: .*next projector, replay or rebuild of cards`, 'm'));
    expect(out).not.toMatch(/^orders .*\n {23}\d+ secondary indexes/m);
    const json = JSON.parse((await run('--json', 'projections', 'status')).out) as { projections: { name: string; deferredIndexes: number }[] };
    expect(json.projections.find((row) => row.name === 'cards')?.deferredIndexes).toBe(dropped);
  } finally {
    await restoreIndexes(database.db, cards.tables);
  }
  expect((await run('projections', 'status')).out).not.toContain('secondary indexes not built');
});

/** Runs the CLI in a child while `table` is locked by another connection, and Ctrl-Cs it once it waits on the lock. */
async function interruptedWhileLocked(table: string, args: string[]): Promise<{ code: number | null; err: string }> {
  const blocker = new PgDatabase({ connectionString: database.url, max: 1 });
  let release = (): void => undefined;
  const locked = new Promise<void>((resolve) => (release = resolve));
  let holding = (): void => undefined;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const lock = blocker.transaction(async (tx) => {
    await tx.exec(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    holding();
    await locked;
  });
  try {
    await held;
    const cli = spawnCli(args);
    const waiting = async () => (await database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE relation = $1::regclass AND NOT granted`, [table])).rows[0].n > 0;
    const deadline = Date.now() + 30_000;
    while (!(await waiting()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    cli.child.kill('SIGINT');
    return { code: await cli.exited, err: cli.err() };
  } finally {
    release();
    await lock;
    await blocker.close();
  }
}

// CLI QA: on the embedded database, whose queries answer through promises alone, Ctrl-C waited for the whole
// seed or audit (exit 0), and an interrupted command left its lock file behind.
it('on Ctrl-C stops a long command on the embedded database at once, and gives its lock file back', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tcg-cli-sigint-'));
  const cli = spawnCli(['seed:synthetic', '--cards', '2000', '--events', '2000000'], { DATABASE_URL: '', DATA_DIR: dataDir });
  try {
    const lock = join(dataDir, 'data', 'tcg.lock');
    const deadline = Date.now() + 60_000;
    while (!existsSync(lock) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    // Past opening and migrating, into the appends.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    cli.child.kill('SIGINT');
    const exited = await Promise.race([cli.exited, new Promise((resolve) => setTimeout(() => resolve('still running 10 s later'), 10_000))]);
    expect(exited).toBe(130);
    expect(cli.err()).toContain('interrupted:');
    expect(existsSync(lock)).toBe(false);
  } finally {
    if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
    await cli.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);

it('on Ctrl-C during a rebuild says that the shop kept its tables and the next rebuild starts over, not that it resumes', async () => {
  // The rebuild waits to copy the orders table's shape into its shadow.
  const { code, err } = await interruptedWhileLocked('orders', ['projections', 'rebuild', 'orders']);
  expect([code, err]).toEqual([130, `\ninterrupted: ${rebuildInterruptedNote('orders')}\n`]);
  expect(err).toMatch(/untouched.*does not resume.*tcg projections rebuild orders.*starts from 0/);
});

it('on Ctrl-C during an audit says that nothing was changed, not what a replay says', async () => {
  // A lock on the cards table keeps the audit waiting at its read.
  const { code, err } = await interruptedWhileLocked('cards', ['audit']);
  expect([code, err]).toEqual([130, '\ninterrupted: this command only reads, so nothing was changed; run it again for its result\n']);
});

it('would say, on a Ctrl-C once its work is done, that only the closing was cut short', async () => {
  const saved = interruption.note;
  try {
    for (const command of [['projections', 'status'], ['projections', 'replay', 'orders'], ['audit']]) {
      await run(...command);
      expect([command.join(' '), interruption.note]).toEqual([command.join(' '), FINISHED_NOTE]);
    }
  } finally {
    interruption.note = saved;
  }
});

it('ends quietly with 0 when the reader of its output has gone (tcg projections status | head -0)', async () => {
  const cli = spawnCli(['projections', 'status'], {}, 'pipe');
  cli.child.stdout?.destroy();
  expect([await cli.exited, cli.err()]).toEqual([0, '']);
});

// CLI QA: `tcg audit | head -1` exited 0 with cards differing, in most runs: the closed pipe's exit won.
it("keeps an audit's finding as its exit code when the reader of its output has gone (tcg audit | head -0)", async () => {
  await run('projections', 'replay', 'cards');
  await database.db.query('UPDATE cards SET stock_final = stock_final + 2 WHERE id = (SELECT min(id) FROM cards)');
  try {
    for (let run = 0; run < 3; run++) {
      const cli = spawnCli(['audit'], {}, 'pipe');
      cli.child.stdout?.destroy();
      expect([await cli.exited, cli.err()]).toEqual([1, '']);
    }
  } finally {
    await run('projections', 'replay', 'cards');
  }
});

// CLI QA: `customer forget` on a database an older shop migrated failed on a missing column's SQL error.
it('refuses the admin and customer commands on a database that lacks a migration of this version, changing nothing', async () => {
  const behind = await createPostgresTestDatabase();
  try {
    const [last] = loadMigrations().slice(-1);
    await behind.db.query('DELETE FROM schema_migrations WHERE id = $1', [last.id]);
    await behind.db.query(`INSERT INTO users (name, email, phone, google_sub) VALUES ('Rosa', 'rosa@example.pe', '987111222', 'sub-rosa')`);
    for (const command of [['customer', 'forget', 'rosa@example.pe', '--yes'], ['customer', 'export', 'rosa@example.pe'], ['admin', 'grant', 'rosa@example.pe']]) {
      const { code, err } = await runWith((options) => openCliContext({ DATABASE_URL: behind.url }, options), ...command);
      expect([command.join(' '), code, err]).toEqual([
        command.join(' '),
        1,
        `error: DATABASE_URL lacks a migration of this version (${last.id}): start this version's shop once, which applies them, then run this again\n`,
      ]);
    }
    const { rows } = await behind.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email = 'rosa@example.pe'`);
    expect(rows[0].n).toBe(1);
    expect((await behind.db.query('SELECT 1 FROM admins')).rows).toEqual([]);
  } finally {
    await behind.drop();
  }
});

it('reads nothing into a database the shop never migrated: status, audit and admin say so and create no table', async () => {
  const empty = await createPostgresTestDatabase({ migrate: false });
  try {
    for (const command of [['projections', 'status'], ['audit'], ['admin', 'grant', 'rosa@example.pe'], ['admin', 'revoke', 'rosa@example.pe']]) {
      const { code, err } = await runWith((options) => openCliContext({ DATABASE_URL: empty.url }, options), ...command);
      expect([command.join(' '), code, err]).toEqual([
        command.join(' '),
        1,
        'error: DATABASE_URL has no shop tables (it was never migrated): check the address, or start the shop once, which creates them\n',
      ]);
    }
    const { rows } = await empty.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
    expect(rows[0].n).toBe(0);
  } finally {
    await empty.drop();
  }
});

it('says which migrations of this version a database an older shop migrated has not applied yet, and applies none', async () => {
  const older = await createPostgresTestDatabase();
  try {
    const [last] = loadMigrations().slice(-1);
    await older.db.query('DELETE FROM schema_migrations WHERE id = $1', [last.id]);
    const open: OpenContext = (options) => openCliContext({ DATABASE_URL: older.url }, options);
    const shown = await runWith(open, 'projections', 'status');
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(`1 migration of this version not applied yet (${last.id}): the shop applies them when it starts`);
    expect(JSON.parse((await runWith(open, '--json', 'projections', 'status')).out).pendingMigrations).toEqual([last.id]);
    const { rows } = await older.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations WHERE id = $1', [last.id]);
    expect(rows[0].n).toBe(0);
  } finally {
    await older.drop();
  }
});

it('creates no embedded database where there is none: status, audit, admin, replay and rebuild say so', async () => {
  const parent = mkdtempSync(join(tmpdir(), 'tcg-cli-none-'));
  try {
    const commands = [['projections', 'status'], ['audit'], ['admin', 'grant', 'rosa@example.pe'], ['admin', 'revoke', 'rosa@example.pe'], ['projections', 'replay', '--all'], ['projections', 'rebuild', 'cards']];
    for (const command of commands) {
      const { code, err } = await runWith((options) => openCliContext({ DATA_DIR: join(parent, 'var') }, options), ...command);
      expect([code, err]).toEqual([1, expect.stringContaining('the embedded database (')]);
      expect(err).toContain('has no shop tables');
    }
    expect(existsSync(join(parent, 'var'))).toBe(false);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});

// CLI QA: a replay refused by an OpenSearch that was down left its checkpoint at 0 behind it.
it('asks OpenSearch before a replay or rebuild of its projection touches anything', async () => {
  const target = await createPostgresTestDatabase();
  try {
    for (const command of [['projections', 'replay', 'search-opensearch'], ['projections', 'rebuild', 'search-opensearch']]) {
      // Nothing listens on port 9.
      const { code, err } = await runWith((options) => openCliContext({ DATABASE_URL: target.url, OPENSEARCH_URL: 'http://127.0.0.1:9' }, options), ...command);
      expect([command.join(' '), code, err]).toEqual([command.join(' '), 1, expect.stringMatching(/^error: cannot reach a server; check DATABASE_URL \(and EVENTSTORE_URL, OPENSEARCH_URL when set\)/)]);
    }
    const { rows } = await target.db.query<{ name: string }>(`SELECT name FROM projection_checkpoints WHERE name LIKE 'search-opensearch%'`);
    expect(rows).toEqual([]);
  } finally {
    await target.drop();
  }
});

it('refuses an unknown projection before opening anything, so an empty database stays empty', async () => {
  const empty = await createPostgresTestDatabase({ migrate: false });
  try {
    for (const command of [['projections', 'replay', 'nope'], ['projections', 'rebuild', 'nope']]) {
      const { code, err } = await runWith((options) => openCliContext({ DATABASE_URL: empty.url }, options), ...command);
      expect([code, err]).toEqual([2, 'error: unknown projection "nope"; known: cards, orders, search-opensearch (with OPENSEARCH_URL)\n']);
    }
    const { rows } = await empty.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
    expect(rows[0].n).toBe(0);
  } finally {
    await empty.drop();
  }
});

it('takes the head and the lag from the event store: fails plainly when it does not answer, says when the lag was not counted to the end', async () => {
  const as = (overrides: Partial<EventStore>): OpenContext => async () => {
    const base = await context();
    const store = new Proxy(base.store, { get: (target, key) => (key in overrides ? overrides[key as keyof EventStore] : Reflect.get(target, key, target)) });
    return { ...base, store };
  };
  // The words of @eventstore/db-client for a server that is not there, trailer included.
  const refused = 'No connection established. Last error: Error: connect ECONNREFUSED 127.0.0.1:2113. Resolution note: ';
  const down = await runWith(as({ head: () => Promise.reject(Object.assign(new Error(`14 UNAVAILABLE: ${refused}`), { code: 14 })) }), 'projections', 'status');
  expect(down.code).toBe(1);
  expect(down.err).toBe(
    'error: cannot reach a server; check DATABASE_URL (and EVENTSTORE_URL, OPENSEARCH_URL when set): 14 UNAVAILABLE: No connection established. Last error: Error: connect ECONNREFUSED 127.0.0.1:2113.\n',
  );

  const oldestAt = new Date(Date.now() - 90_000);
  const far = await runWith(as({ head: async () => 5_000_000, behind: async () => ({ events: 100_000, exact: false, oldestAt }) }), 'projections', 'status');
  expect(far.code).toBe(0);
  expect(far.out).toContain('event store head: 5000000');
  expect(far.out).toMatch(/^cards .+ position \d+ {2}lag 100000\+ events \/ 9\d(\.\d)? s/m);
  const json = await runWith(as({ head: async () => 5_000_000, behind: async () => ({ events: 100_000, exact: false, oldestAt }) }), '--json', 'projections', 'status');
  expect(JSON.parse(json.out).projections[0]).toMatchObject({ name: 'cards', lagEvents: 100_000, lagEventsExact: false, lagSeconds: expect.any(Number) });
});

it('names the variables to check when a client wraps the refused connection in its own error', async () => {
  const { code, err } = await runWith(() => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { name: 'ConnectionError' })), 'projections', 'status');
  expect(code).toBe(1);
  expect(err).toMatch(/^error: cannot reach a server; check DATABASE_URL/);
});

it('refuses a connection variable of the wrong kind up front, naming it, as the shop does', async () => {
  const cases: [NodeJS.ProcessEnv, string][] = [
    [{ DATABASE_URL: 'notaurl' }, 'DATABASE_URL expects a postgres:// connection URL'],
    [{ DATABASE_URL: 'mysql://root@127.0.0.1/shop' }, 'DATABASE_URL expects a postgres:// connection URL'],
    [{ DATABASE_URL: database.url, EVENTSTORE_URL: 'notaurl' }, 'EVENTSTORE_URL expects an esdb:// connection string with a host'],
    // Before: the EventStoreDB client's parser said 'Unexpected "e" at position 0, expected esdb://' of a value that began so.
    [{ DATABASE_URL: database.url, EVENTSTORE_URL: 'esdb://' }, 'EVENTSTORE_URL expects an esdb:// connection string with a host'],
    [{ DATABASE_URL: database.url, OPENSEARCH_URL: 'opensearch:9200' }, 'OPENSEARCH_URL expects an http(s):// URL with a host'],
  ];
  for (const [env, expects] of cases) {
    for (const command of [['projections', 'status'], ['projections', 'replay', 'cards'], ['audit'], ['admin', 'grant', 'rosa@example.pe']]) {
      const { code, err } = await runWith((options) => openCliContext(env, options), ...command);
      expect([command.join(' '), code, err]).toEqual([command.join(' '), 1, `error: Invalid configuration: ${expects}\n`]);
    }
  }
});

it('exits at once on an EVENTSTORE_URL it cannot use, with no connection left open', async () => {
  const started = Date.now();
  const cli = spawnCli(['projections', 'status'], { EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=maybe' });
  expect([await cli.exited, cli.err()]).toEqual([1, expect.stringMatching(/^error: Invalid configuration: EVENTSTORE_URL .*maybe.*\n$/)]);
  expect(Date.now() - started).toBeLessThan(6_000);
});

it('names DATABASE_URL when the database refuses the connection', async () => {
  const missing = new URL(database.url);
  missing.pathname = '/tcg_no_such_database';
  const { code, err } = await runWith((options) => openCliContext({ DATABASE_URL: missing.toString() }, options), 'projections', 'status');
  expect([code, err]).toEqual([1, 'error: the database refused the connection; check DATABASE_URL: database "tcg_no_such_database" does not exist\n']);
});

it('gives up connecting to a server that never answers (or is no PostgreSQL) within DATABASE_QUERY_TIMEOUT_MS, naming the variables to check', async () => {
  // Takes connections and says nothing, as a wrong port's service or a dead route's middlebox does.
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as AddressInfo;
  try {
    const started = Date.now();
    const env = { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/none`, DATABASE_QUERY_TIMEOUT_MS: '1500' };
    const { code, err } = await runWith((options) => openCliContext(env, options), 'projections', 'status');
    expect([code, err]).toEqual([1, expect.stringMatching(/^error: cannot reach a server; check DATABASE_URL \(and EVENTSTORE_URL, OPENSEARCH_URL when set\): /)]);
    expect(Date.now() - started).toBeLessThan(10_000);
    const refused = await runWith((options) => openCliContext({ ...env, DATABASE_QUERY_TIMEOUT_MS: 'soon' }, options), 'projections', 'status');
    expect([refused.code, refused.err]).toEqual([1, 'error: Invalid configuration: DATABASE_QUERY_TIMEOUT_MS expects a whole number of milliseconds from 1000 to 3600000 (got "soon")\n']);
  } finally {
    silent.close();
  }
});

it('names the variables to check when the database cannot be reached', async () => {
  const { code, err } = await runWith((options) => openCliContext({ DATABASE_URL: 'postgres://postgres@127.0.0.1:9/none' }, options), 'projections', 'status');
  expect(code).toBe(1);
  expect(err).toMatch(/^error: cannot reach a server; check DATABASE_URL \(and EVENTSTORE_URL, OPENSEARCH_URL when set\): .*ECONNREFUSED/);
});
