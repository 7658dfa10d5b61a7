import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import type { Database } from '@tcg/projections';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { loadConfig } from '../src/config/app-config';
import { DATABASE } from '../src/database/database.module';
import { AddStockCommand, ListCardCommand, SetPriceCommand, StreamDecider, WriteMetrics, cardStream, systemContext } from '../src/inventory';
import { createLogger } from '../src/logging/logger';
import { ApiExceptionFilter } from '../src/web/api-exception.filter';
import { availableStock, cardStreamName } from '@tcg/domain';
import { benchArgs } from '@tcg/projections/bench';
import { BenchAppModule, type BenchLine } from './bench-routes.module';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LEVELS = [1, 8, 32];
const REQUESTS: Record<number, number> = { 1: 400, 8: 2_000, 32: 4_000 };
const SPREAD_CARDS = 1_000;
const PRICE = 1_500;
const context = systemContext('bench');

interface RunResult {
  perSecond: number;
  latencies: number[];
  placed: number;
  refused: number;
  errors: number;
}

interface Level {
  concurrency: number;
  checkoutsPerSecond: number;
  baselinePerSecond: number;
  ratio: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  baselineP50Ms: number;
  baselineP95Ms: number;
  baselineP99Ms: number;
  errors: number;
  oversold: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
}

const round = (value: number) => Math.round(value * 100) / 100;

function post(agent: Agent, port: number, path: string, body: unknown): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { agent, host: '127.0.0.1', port, path, method: 'POST', headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          // As the storefront sends it, so both routes pass the same CSRF guard.
          'x-requested-with': 'tcg',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          if (process.env.BENCH_DEBUG && res.statusCode !== 201) process.stderr.write(`${res.statusCode} ${text}\n`);
          resolve(res.statusCode ?? 0);
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** `total` requests from `concurrency` buyers, each waiting for its answer before the next. */
async function run(port: number, path: string, concurrency: number, total: number, cart: () => BenchLine[]): Promise<RunResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const result: RunResult = { perSecond: 0, latencies: [], placed: 0, refused: 0, errors: 0 };
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const body = { items: cart(), key: randomUUID() };
        const sent = performance.now();
        const status = await post(agent, port, `/api/bench/${path}`, body);
        result.latencies.push(performance.now() - sent);
        if (status === 201) result.placed += 1;
        else if (status === 409) result.refused += 1;
        else result.errors += 1;
      }
    }),
  );
  result.perSecond = round(total / ((performance.now() - started) / 1000));
  agent.destroy();
  return result;
}

async function main(): Promise<void> {
  const { json } = benchArgs('npm run bench:checkout [-- --json]\n  --json  one JSON object on stdout', {});
  const name = `tcg_bench_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const config = loadConfig({
    NODE_ENV: 'development', LOG_LEVEL: 'silent', ROLE: 'api', DEMO_SEED: 'false', DATABASE_POOL_SIZE: '48',
    DATABASE_URL: url.toString(), DATA_DIR: mkdtempSync(join(tmpdir(), 'tcg-bench-')),
  });
  const logger = createLogger('silent');
  const app = await NestFactory.create(BenchAppModule.forRoot(config, logger), { logger: false });
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new ApiExceptionFilter(logger));
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const db = app.get<Database>(DATABASE);
  const bus = app.get(CommandBus);
  const metrics = app.get(WriteMetrics);
  try {
    await db.exec('CREATE TABLE bench_stock (id text PRIMARY KEY, stock integer NOT NULL)');
    const createCard = async (label: string, stock: number): Promise<string> => {
      const details = { name: label, defaultName: label, spanishName: null, imageUrl: null, imageSmallUrl: null, rarity: 'Common', edition: 'Unlimited' as const, set: 'Bench', setCode: 'BNC-EN001', language: 'en' as const };
      const { cardId } = await bus.execute(new ListCardCommand(details, context));
      await bus.execute(new SetPriceCommand(cardId, PRICE, null, context));
      await bus.execute(new AddStockCommand(cardId, stock, 100, context));
      await db.query('INSERT INTO bench_stock (id, stock) VALUES ($1, $2)', [cardId, stock]);
      return cardId;
    };
    const spreadCards: string[] = [];
    for (let i = 0; i < SPREAD_CARDS; i += 50) {
      spreadCards.push(...(await Promise.all(Array.from({ length: 50 }, (_, j) => createCard(`Spread ${i + j}`, 1_000_000)))));
    }
    const line = (cardId: string): BenchLine => ({ cardId, quantity: 1, unitPrice: PRICE });
    const pick = () => spreadCards[Math.floor(Math.random() * spreadCards.length)];
    const spreadCart = () => {
      const first = pick();
      let second = pick();
      while (second === first) second = pick();
      return [line(first), line(second)];
    };
    await run(port, 'checkout', 8, 200, spreadCart);
    await run(port, 'baseline', 8, 200, spreadCart);

    const measure = async (concurrency: number, cart: () => BenchLine[], hot?: { cardId: string; stock: number }) => {
      const total = REQUESTS[concurrency];
      const checkout = await run(port, 'checkout', concurrency, total, cart);
      const baseline = await run(port, 'baseline', concurrency, total, cart);
      let oversold = 0;
      if (hot) {
        app.get(StreamDecider).cache.delete(cardStreamName(hot.cardId));
        const { state } = await app.get(StreamDecider).load(cardStream, cardStreamName(hot.cardId));
        const left = availableStock(state);
        oversold = Math.max(0, checkout.placed - hot.stock) + (left < 0 || left !== hot.stock - checkout.placed ? 1 : 0);
      }
      const level: Level = {
        concurrency,
        checkoutsPerSecond: checkout.perSecond,
        baselinePerSecond: baseline.perSecond,
        ratio: round(checkout.perSecond / baseline.perSecond),
        p50Ms: percentile(checkout.latencies, 50),
        p95Ms: percentile(checkout.latencies, 95),
        p99Ms: percentile(checkout.latencies, 99),
        baselineP50Ms: percentile(baseline.latencies, 50),
        baselineP95Ms: percentile(baseline.latencies, 95),
        baselineP99Ms: percentile(baseline.latencies, 99),
        errors: checkout.errors + baseline.errors,
        oversold,
      };
      return level;
    };
    const scenario = async (levels: () => Promise<Level[]>) => {
      metrics.reset();
      const measured = await levels();
      const top = measured[measured.length - 1];
      const retryRate = metrics.commands === 0 ? 0 : round(metrics.conflictRetries / metrics.commands);
      return { ...top, retryRate, oversold: measured.reduce((sum, level) => sum + level.oversold, 0), levels: measured };
    };
    const spread = await scenario(async () => {
      const levels: Level[] = [];
      for (const concurrency of LEVELS) levels.push(await measure(concurrency, spreadCart));
      return levels;
    });
    // Each level gets its own hot card with a little less stock than requests, so it sells out.
    const hot = await scenario(async () => {
      const levels: Level[] = [];
      for (const concurrency of LEVELS) {
        const stock = Math.floor(REQUESTS[concurrency] * 0.95);
        const cardId = await createCard(`Hot ${concurrency}`, stock);
        levels.push(await measure(concurrency, () => [line(cardId)], { cardId, stock }));
      }
      return levels;
    });
    report({ spread, hot }, json);
  } finally {
    await app.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

function report(results: Record<'spread' | 'hot', { levels: Level[]; retryRate: number; oversold: number }>, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(results)}\n`);
    return;
  }
  for (const [name, result] of Object.entries(results)) {
    process.stdout.write(`\n${name}: retry rate ${result.retryRate}, oversold ${result.oversold}\n`);
    process.stdout.write('buyers  checkout/s  baseline/s  ratio  p50/p95/p99 ms (checkout)  p50/p95/p99 ms (baseline)  errors\n');
    for (const l of result.levels) {
      process.stdout.write(
        `${String(l.concurrency).padStart(6)}  ${String(l.checkoutsPerSecond).padStart(10)}  ${String(l.baselinePerSecond).padStart(10)}  ${String(l.ratio).padStart(5)}  ${`${l.p50Ms}/${l.p95Ms}/${l.p99Ms}`.padStart(24)}  ${`${l.baselineP50Ms}/${l.baselineP95Ms}/${l.baselineP99Ms}`.padStart(25)}  ${l.errors}\n`,
      );
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
