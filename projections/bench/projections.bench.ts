/*
 * Projections and search benchmark: `npm run bench:projections` (`-- --json` for one JSON object,
 * `-- --events N --cards N` to run smaller, `-- --batch N` for another batch size). Replays a synthetic history into the read models and sets
 * the rate beside the raw `readAll` rate of the same store, measured in the same run, and beside the write
 * floor (the replay's rows loaded again with COPY, `write-floor.ts`); repeats at a tenth of the size to
 * show how time grows (that history is replayed once before, see `main`); times realistic searches over
 * the replayed catalogue, and browsing it without words (sorts, facets, pages). The
 * histories are seeded by `tcg seed:synthetic` in a child process, so the seeding's garbage and heap
 * growth are not in the measuring process (a replay in the seeding process took 19.9 s, in a fresh
 * one 17.4 s).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import type { SearchParams } from '@tcg/domain';
import { PgDatabase } from '../src/db/pg-database';
import { PostgresEventStore } from '../src/event-store/postgres-event-store';
import { createProjections } from '../src/projections/projection-registry';
import { replayProjections } from '../src/projections/replay';
import { PostgresSearchIndex } from '../src/search/postgres-search-index';
import { benchArgs } from './bench-args';
import { benchQueries, browseQueries, percentile } from './search-queries';
import { writeFloor } from './write-floor';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const USAGE = `npm run bench:projections [-- [--json] [--events N] [--cards N] [--queries N] [--batch N]]
  --json      one JSON object on stdout (progress goes to stderr)
  --events N  events in the large history (default 1000000; the growth run has a tenth)
  --cards N   cards in the catalogue (default 50000)
  --queries N realistic searches timed (default 200)
  --batch N   events per replay batch (default 40000)`;

const { json, numbers } = benchArgs(USAGE, { events: 1_000_000, cards: 50_000, queries: 200, batch: 40_000 });
const { events: EVENTS, cards: CARDS, queries: QUERIES, batch: BATCH } = numbers;
const BROWSE_QUERIES = 80;
const log = (line: string) => process.stderr.write(`${line}\n`);

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface Store {
  url: string;
  db: PgDatabase;
  store: PostgresEventStore;
  events: number;
  drop(): Promise<void>;
}

/** Seeds through the operators' CLI in a process of its own: the measuring process starts clean. */
function seedInChild(url: string, events: number, cards: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-r', '@swc-node/register', join(__dirname, '..', 'src', 'cli', 'main.ts'), '--json', 'seed:synthetic', '--cards', String(cards), '--events', String(events)],
      { env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve((JSON.parse(out) as { events: number }).events) : reject(new Error(`seed:synthetic exited with ${code}`))));
  });
}

async function seededStore(events: number, cards: number): Promise<Store> {
  const name = `tcg_bench_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  // Seeding only: commits need not wait for the disk. Replay and search are measured with it on.
  await admin(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const started = performance.now();
  const appended = await seedInChild(url.toString(), events, cards);
  log(`seeded ${appended} events over ${cards} cards in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await admin(`ALTER DATABASE ${name} RESET synchronous_commit`);
  const db = new PgDatabase({ connectionString: url.toString(), max: 8 });
  await db.exec('VACUUM ANALYZE');
  // The seeding's dirty pages are flushed now rather than by the checkpointer during the measurements.
  await db.exec('CHECKPOINT');
  const store = new PostgresEventStore(db);
  return {
    url: url.toString(), db, store, events: appended,
    async drop() {
      await store.close();
      await db.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Seconds to read every event of the store with `readAll`. */
async function rawRead(target: Store): Promise<number> {
  const started = performance.now();
  let count = 0;
  for await (const _event of target.store.readAll(0, 5000)) count++;
  if (count !== target.events) throw new Error(`readAll gave ${count} events of ${target.events}`);
  return (performance.now() - started) / 1000;
}

/**
 * Every projection from 0 to the head, as `projections replay --all` runs it: tables emptied and their
 * secondary indexes deferred, one read of the log for all projections, indexes built, tables settled.
 */
async function replay(target: Store): Promise<number> {
  const started = performance.now();
  await replayProjections({ db: target.db, store: target.store, projections: createProjections(), batchSize: BATCH });
  return (performance.now() - started) / 1000;
}

interface Latencies {
  p50: number;
  p95: number;
}

async function latencies(index: PostgresSearchIndex, queries: readonly SearchParams[]): Promise<Latencies> {
  for (const params of queries.slice(0, 20)) await index.search(params);
  const times: number[] = [];
  for (const params of queries) {
    const started = performance.now();
    await index.search(params);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function searchLatencies(target: Store): Promise<{ words: Latencies; browse: Latencies; cards: number }> {
  const index = new PostgresSearchIndex(target.db);
  const { rows } = await target.db.query<{ name: string; default_name: string; spanish_name: string | null; n: number }>(
    `SELECT name, default_name, spanish_name, count(*) OVER ()::int AS n FROM cards ORDER BY md5(id) LIMIT $1`, [QUERIES]);
  return {
    words: await latencies(index, benchQueries(rows, QUERIES)),
    browse: await latencies(index, browseQueries(BROWSE_QUERIES)),
    cards: rows[0]?.n ?? 0,
  };
}

interface LargeRun {
  rawReadSeconds: number;
  replaySeconds: number;
  search: Awaited<ReturnType<typeof searchLatencies>>;
  floorSeconds: number;
}

async function largeRun(large: Store): Promise<LargeRun> {
  const rawReadSeconds = await rawRead(large);
  log(`raw readAll: ${Math.round(large.events / rawReadSeconds)} events/s`);
  const replaySeconds = await replay(large);
  log(`replay: ${large.events} events in ${replaySeconds.toFixed(1)} s = ${Math.round(large.events / replaySeconds)} events/s`);
  const search = await searchLatencies(large);
  log(`search over ${search.cards} cards: p50 ${search.words.p50.toFixed(2)} ms, p95 ${search.words.p95.toFixed(2)} ms`);
  log(`browse without words: p50 ${search.browse.p50.toFixed(2)} ms, p95 ${search.browse.p95.toFixed(2)} ms`);
  const floor = await writeFloor(large.url, large.db, createProjections());
  log(`write floor: the replay's ${floor.rows} rows loaded again with COPY, settled and indexed in ${floor.seconds.toFixed(1)} s`);
  return { rawReadSeconds, replaySeconds, search, floorSeconds: floor.seconds };
}

/**
 * The small history is replayed first and again last. V8 compiles the replay's code during the first
 * replay of the process, which costs the small history about a fifth of its time and the large one a few
 * hundredths; the first replay takes that cost, so the growth compares two replays of compiled code.
 */
async function main(): Promise<void> {
  const [smallEvents, smallCards] = [Math.round(EVENTS / 10), Math.max(1, Math.round(CARDS / 10))];
  log(`small run: ${smallEvents} events, ${smallCards} cards`);
  const small = await seededStore(smallEvents, smallCards);
  let result;
  try {
    const firstSmallSeconds = await replay(small);
    log(`first replay (code not yet compiled): ${small.events} events in ${firstSmallSeconds.toFixed(2)} s`);
    log(`large run: ${EVENTS} events, ${CARDS} cards`);
    const large = await seededStore(EVENTS, CARDS);
    let measured: LargeRun;
    try {
      measured = await largeRun(large);
    } finally {
      await large.drop();
    }
    const smallSeconds = await replay(small);
    log(`small replay again: ${small.events} events in ${smallSeconds.toFixed(2)} s`);
    const { rawReadSeconds, replaySeconds, search, floorSeconds } = measured;
    // What a replay would take if folding cost nothing and it wrote each row once, after reading the log.
    const readAndWriteSeconds = rawReadSeconds + floorSeconds;
    result = {
      events: large.events, cards: CARDS, replaySeconds: round(replaySeconds), replayEventsPerSecond: Math.round(large.events / replaySeconds),
      rawReadEventsPerSecond: Math.round(large.events / rawReadSeconds), ratio: round(rawReadSeconds / replaySeconds),
      writeFloorSeconds: round(floorSeconds), writeFloorEventsPerSecond: Math.round(large.events / floorSeconds),
      writeFloorRatio: round(rawReadSeconds / floorSeconds),
      readAndWriteEventsPerSecond: Math.round(large.events / readAndWriteSeconds), ratioToReadAndWrite: round(readAndWriteSeconds / replaySeconds),
      smallEvents: small.events, smallReplaySeconds: round(smallSeconds), firstSmallReplaySeconds: round(firstSmallSeconds),
      growth: round(replaySeconds / smallSeconds),
      searchCards: search.cards, searchQueries: QUERIES, searchP50Ms: round(search.words.p50), searchP95Ms: round(search.words.p95),
      browseQueries: BROWSE_QUERIES, browseP50Ms: round(search.browse.p50), browseP95Ms: round(search.browse.p95),
    };
  } finally {
    await small.drop();
  }
  if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else console.table(Object.entries(result).map(([figure, value]) => ({ figure, value })));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
