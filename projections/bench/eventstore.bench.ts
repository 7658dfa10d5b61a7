/*
 * Event store benchmark: `npm run bench:eventstore` (add `-- --json` for one JSON object).
 * Each figure is set beside a baseline measured in the same run on the same database and driver: a
 * plain INSERT into a copy of the events table (same columns and indexes), and a plain keyset read.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { migrate } from '../src/db/migrate';
import { PgDatabase } from '../src/db/pg-database';
import { deliveryAuditor, runConcurrentWriters } from '../src/event-store/concurrent-writers';
import { PostgresEventStore } from '../src/event-store/postgres-event-store';
import { benchArgs } from './bench-args';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = 4;
const SEQUENTIAL = 2_000;
const CONCURRENT = 6_000;
const WRITERS = 8;
const STREAMS = 200;

interface Row {
  scenario: string;
  eventStore: number;
  baseline: number;
  unit: string;
  ratio: number;
}

const metadata = { correlationId: randomUUID(), causationId: randomUUID(), actor: 'bench', timestamp: new Date().toISOString() };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The baseline: one plain INSERT per event, nothing checked, through the same pool. */
function baselineWriter(db: PgDatabase) {
  let position = 0;
  const revisions = new Map<string, number>();
  const latenciesMs: number[] = [];
  const insert = async (streamId: string) => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    position += 1;
    const started = performance.now();
    await db.query(
      'INSERT INTO events_baseline (position, event_id, stream_id, revision, type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [position, randomUUID(), streamId, revision, 'StockAdded', JSON.stringify({ quantity: 1 }), JSON.stringify(metadata)],
    );
    latenciesMs.push(performance.now() - started);
  };
  return { insert, latenciesMs };
}

async function sequentialAppends(
  store: PostgresEventStore,
  count: number,
  streamOf: (i: number) => string,
  revisions = new Map<string, number>(),
) {
  const latenciesMs: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const streamId = streamOf(i);
    const expected = revisions.has(streamId) ? (revisions.get(streamId) as number) : 'no_stream';
    const started = performance.now();
    const { nextRevision } = await store.append(streamId, [{ type: 'StockAdded', data: { quantity: 1 }, metadata }], expected);
    latenciesMs.push(performance.now() - started);
    revisions.set(streamId, nextRevision);
  }
  return latenciesMs;
}

async function readAllRate(store: PostgresEventStore): Promise<number> {
  const { result, seconds } = await timed(async () => {
    let count = 0;
    for await (const _ of store.readAll(0, 500)) count += 1;
    return count;
  });
  return result / seconds;
}

async function baselineReadRate(db: PgDatabase): Promise<number> {
  const { result, seconds } = await timed(async () => {
    let count = 0;
    let after = 0;
    for (;;) {
      const { rows } = await db.query<{ position: number }>(
        'SELECT * FROM events_baseline WHERE position > $1 ORDER BY position LIMIT 500',
        [after],
      );
      count += rows.length;
      if (rows.length < 500) return count;
      after = rows[rows.length - 1].position;
    }
  });
  return result / seconds;
}

/**
 * Runs the event store and the baseline in alternating rounds, so a load that changes during the run
 * (other processes on the machine) weighs on both sides alike.
 */
async function alternate(eventStore: () => Promise<number[]>, baseline: () => Promise<number[]>) {
  const totals = { seconds: 0, baselineSeconds: 0, latenciesMs: [] as number[], baselineLatenciesMs: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    const ours = await timed(eventStore);
    totals.seconds += ours.seconds;
    totals.latenciesMs.push(...ours.result);
    const theirs = await timed(baseline);
    totals.baselineSeconds += theirs.seconds;
    totals.baselineLatenciesMs.push(...theirs.result);
  }
  return totals;
}

function row(scenario: string, eventStore: number, baseline: number, unit: string): Row {
  return { scenario, eventStore: Math.round(eventStore * 100) / 100, baseline: Math.round(baseline * 100) / 100, unit, ratio: Math.round((eventStore / baseline) * 100) / 100 };
}

async function run(db: PgDatabase) {
  const store = new PostgresEventStore(db);
  await db.exec('CREATE TABLE events_baseline (LIKE events INCLUDING ALL)');
  const baseline = baselineWriter(db);
  // Warm both paths up so neither pays for the first plans and page allocations.
  await sequentialAppends(store, 200, (i) => `warmup-${i % 20}`);
  for (let i = 0; i < 200; i += 1) await baseline.insert(`warmup-${i % 20}`);
  baseline.latenciesMs.length = 0;

  const baselineSequential = async (count: number, streamOf: (i: number) => string) => {
    const from = baseline.latenciesMs.length;
    for (let i = 0; i < count; i += 1) await baseline.insert(streamOf(i));
    return baseline.latenciesMs.slice(from);
  };

  const revisions = new Map<string, number>();
  const one = await alternate(
    () => sequentialAppends(store, SEQUENTIAL / ROUNDS, () => 'card-one', revisions),
    () => baselineSequential(SEQUENTIAL / ROUNDS, () => 'card-one'),
  );
  const many = await alternate(
    () => sequentialAppends(store, SEQUENTIAL / ROUNDS, (i) => `card-many-${i % STREAMS}`, revisions),
    () => baselineSequential(SEQUENTIAL / ROUNDS, (i) => `card-many-${i % STREAMS}`),
  );

  const auditor = deliveryAuditor();
  const subscription = await store.subscribe(0, { streamPrefixes: ['card-race-'] }, auditor.handler);
  const appended = new Map<string, string[]>();
  let conflicts = 0;
  let raceRound = 0;
  const race = await alternate(
    async () => {
      const prefix = `card-race-${(raceRound += 1)}-`;
      const result = await runConcurrentWriters(store, { writers: WRITERS, events: CONCURRENT / ROUNDS, streams: STREAMS, streamPrefix: prefix });
      for (const [streamId, ids] of result.appended) appended.set(streamId, ids);
      conflicts += result.conflicts;
      return [];
    },
    async () => {
      let left = CONCURRENT / ROUNDS;
      await Promise.all(
        Array.from({ length: WRITERS }, async () => {
          while (left > 0) {
            left -= 1;
            await baseline.insert(`card-race-${Math.floor(Math.random() * STREAMS)}`);
          }
        }),
      );
      return [];
    },
  );
  const deadline = Date.now() + 10_000;
  while (auditor.report(appended).received < CONCURRENT && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  await subscription.close();
  const delivery = auditor.report(appended);

  const rows = [
    row('append, one stream', SEQUENTIAL / one.seconds, SEQUENTIAL / one.baselineSeconds, 'events/s'),
    row(`append, ${STREAMS} streams`, SEQUENTIAL / many.seconds, SEQUENTIAL / many.baselineSeconds, 'events/s'),
    row(`append, ${WRITERS} writers, expected revisions`, CONCURRENT / race.seconds, CONCURRENT / race.baselineSeconds, 'events/s'),
    row('readAll', await readAllRate(store), await baselineReadRate(db), 'events/s'),
    row('append latency p50', percentile(many.latenciesMs, 50), percentile(many.baselineLatenciesMs, 50), 'ms'),
    row('append latency p99', percentile(many.latenciesMs, 99), percentile(many.baselineLatenciesMs, 99), 'ms'),
  ];
  return { rows, delivery, conflicts };
}

function print(result: Awaited<ReturnType<typeof run>>, seconds: number, json: boolean): void {
  const [, , concurrent, readAll, , p99] = result.rows;
  if (json) {
    const json = {
      appendsPerSecond: concurrent.eventStore,
      baselineInsertsPerSecond: concurrent.baseline,
      ratio: concurrent.ratio,
      readAllEventsPerSecond: readAll.eventStore,
      p99AppendMs: p99.eventStore,
      skipped: result.delivery.skipped,
      duplicated: result.delivery.duplicated,
      outOfOrder: result.delivery.outOfOrder,
      conflicts: result.conflicts,
      seconds: Math.round(seconds * 10) / 10,
      scenarios: result.rows,
    };
    console.log(JSON.stringify(json));
    return;
  }
  const cells = (values: string[]) => `| ${values[0].padEnd(40)} | ${values.slice(1).map((v) => v.padStart(12)).join(' | ')} |`;
  console.log(cells(['scenario', 'event store', 'baseline', 'unit', 'ratio']));
  console.log(cells(['-'.repeat(40), '-'.repeat(12), '-'.repeat(12), '-'.repeat(12), '-'.repeat(12)]));
  for (const r of result.rows) console.log(cells([r.scenario, String(r.eventStore), String(r.baseline), r.unit, `${r.ratio}×`]));
  const { skipped, duplicated, outOfOrder } = result.delivery;
  console.log(`\nsubscriber during the ${WRITERS}-writer run: ${skipped} skipped, ${duplicated} duplicated, ${outOfOrder} out of order; ${result.conflicts} conflicts retried; ${seconds.toFixed(1)} s`);
}

async function main(): Promise<void> {
  const { json } = benchArgs('npm run bench:eventstore [-- --json]\n  --json  one JSON object on stdout', {});
  const name = `tcg_bench_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = new PgDatabase({ connectionString: url.toString(), applicationName: 'tcg-bench', max: WRITERS + 4 });
  const started = performance.now();
  try {
    await migrate(db);
    const result = await run(db);
    print(result, (performance.now() - started) / 1000, json);
    if (result.delivery.skipped + result.delivery.duplicated + result.delivery.outOfOrder > 0) process.exitCode = 1;
  } finally {
    await db.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
