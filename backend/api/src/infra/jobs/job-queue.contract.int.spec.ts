import { createPgliteTestDatabase, createPostgresTestDatabase, type TestDatabase } from '@tcg/projections/testing';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { BullmqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { DatabaseJobJournal } from './job-journal';
import { JobContext, JobQueue, PermanentJobError } from './job-queue';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `tcg-test-jobs-${process.pid}-${randomUUID().slice(0, 8)}`;

type Factory = (options?: { closeTimeoutMs?: number }) => JobQueue;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}

/** A promise the test resolves by hand, to hold a job in the middle of its run. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

interface Adapter {
  /** The queue's `name`. */
  kind: string;
  /** What the suite is called when one kind runs on several stores. */
  title?: string;
  create: Factory;
  before(): Promise<void>;
  after(): Promise<void>;
  /** Whether a job survives the queue that took it: a later queue on the same store runs it. */
  durable: boolean;
}

function jobQueueContract({ kind: adapter, title, create, before, after, durable }: Adapter) {
  describe(`JobQueue contract on ${title ?? adapter}`, () => {
    let queue: JobQueue;
    const open: JobQueue[] = [];
    const make: Factory = (options) => {
      const made = create(options);
      open.push(made);
      return made;
    };

    beforeAll(before);
    afterAll(after);
    beforeEach(() => {
      queue = make();
    });
    afterEach(async () => {
      await Promise.all(open.splice(0).map((made) => made.close()));
    });

    it('answers ping and names itself', async () => {
      await expect(queue.ping()).resolves.toBeUndefined();
      expect(queue.name).toBe(adapter);
    });

    it('runs a job with its data, once', async () => {
      const runs: Array<{ data: unknown; job: JobContext }> = [];
      queue.register('ingest-image', (data, job) => void runs.push({ data, job }));
      await queue.start();
      await queue.enqueue('ingest-image', { cardId: 'blue-eyes_LOB_ur_1st_en', sizes: [200, 400] }, { jobId: 'img-1' });
      await waitFor(() => runs.length === 1);
      await sleep(100);
      expect(runs).toMatchObject([
        {
          data: { cardId: 'blue-eyes_LOB_ur_1st_en', sizes: [200, 400] },
          job: { id: 'img-1', name: 'ingest-image', attempt: 1 },
        },
      ]);
      expect(runs[0].job.signal.aborted).toBe(false);
    });

    it('runs a delayed job no earlier than its delay', async () => {
      const ranAt: number[] = [];
      queue.register('later', () => void ranAt.push(Date.now()));
      await queue.start();
      const enqueuedAt = Date.now();
      await queue.enqueue('later', {}, { delayMs: 250 });
      await waitFor(() => ranAt.length === 1);
      expect(ranAt[0] - enqueuedAt).toBeGreaterThanOrEqual(240);
    });

    it('retries a throwing job with exponential backoff, then keeps it as failed', async () => {
      const attempts: Array<{ at: number; attempt: number }> = [];
      queue.register(
        'flaky',
        (_data, job) => {
          attempts.push({ at: Date.now(), attempt: job.attempt });
          throw new Error('card database unreachable');
        },
        { attempts: 3, backoffMs: 60 },
      );
      await queue.start();
      await queue.enqueue('flaky', { setCode: 'LOB' }, { jobId: 'flaky-1' });
      await waitFor(async () => (await queue.failed('flaky')).length === 1);

      expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
      expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(55);
      expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(115);
      const [failed] = await queue.failed('flaky');
      expect(failed).toMatchObject({
        id: 'flaky-1',
        name: 'flaky',
        data: { setCode: 'LOB' },
        attempts: 3,
        error: 'card database unreachable',
      });
      expect(failed.failedAt).toBeInstanceOf(Date);
      await sleep(300);
      expect(attempts).toHaveLength(3);
    });

    it('fails a job at once when its failure is permanent, without its other attempts', async () => {
      const attempts: number[] = [];
      queue.register(
        'hopeless',
        (_data, job) => {
          attempts.push(job.attempt);
          throw new PermanentJobError('HTTP 404');
        },
        { attempts: 3, backoffMs: 20 },
      );
      await queue.start();
      await queue.enqueue('hopeless', {}, { jobId: 'hopeless-1' });
      await waitFor(async () => (await queue.failed('hopeless')).length === 1);
      await sleep(150);
      expect(attempts).toEqual([1]);
      expect((await queue.failed('hopeless'))[0]).toMatchObject({ id: 'hopeless-1', attempts: 1, error: 'HTTP 404' });
    });

    it('does not keep a job that succeeds on a retry as failed', async () => {
      const attempts: number[] = [];
      queue.register(
        'recovers',
        (_data, job) => {
          attempts.push(job.attempt);
          if (job.attempt === 1) throw new Error('timeout');
        },
        { attempts: 3, backoffMs: 20 },
      );
      await queue.start();
      await queue.enqueue('recovers', {});
      await waitFor(() => attempts.length === 2);
      await sleep(100);
      expect(attempts).toEqual([1, 2]);
      expect(await queue.failed('recovers')).toEqual([]);
    });

    it('does not run the same jobId twice while it is pending or running, but does after it finished', async () => {
      const hold = gate();
      const runs: string[] = [];
      queue.register('import-set', async (data: { round: string }) => {
        runs.push(data.round);
        await hold.opened;
      });
      await queue.start();
      await queue.enqueue('import-set', { round: 'first' }, { jobId: 'set-LOB' });
      await queue.enqueue('import-set', { round: 'pending duplicate' }, { jobId: 'set-LOB' });
      await waitFor(() => runs.length === 1);
      await queue.enqueue('import-set', { round: 'running duplicate' }, { jobId: 'set-LOB' });
      hold.open();
      await sleep(200);
      expect(runs).toEqual(['first']);

      await queue.enqueue('import-set', { round: 'second' }, { jobId: 'set-LOB' });
      await waitFor(() => runs.length === 2);
      expect(runs).toEqual(['first', 'second']);
    });

    it('runs a repeatable job repeatedly and stops on close', async () => {
      const runs: unknown[] = [];
      queue.register('sweep-reservations', (data) => void runs.push(data));
      await queue.repeat('sweep-reservations', 100, { olderThanMs: 900_000 });
      await queue.start();
      await waitFor(() => runs.length >= 3, 3000);
      expect(runs[0]).toEqual({ olderThanMs: 900_000 });
      await queue.close();
      const afterClose = runs.length;
      await sleep(350);
      expect(runs).toHaveLength(afterClose);
    });

    it('holds the rate limit: of 15 jobs at 5 per 200 ms, at most 5 start in the first 200 ms, 10 in 400 ms', async () => {
      const startedAt: number[] = [];
      queue.register('rate-limited', () => void startedAt.push(Date.now()), {
        concurrency: 15,
        rateLimit: { max: 5, durationMs: 200 },
      });
      for (let i = 0; i < 15; i++) await queue.enqueue('rate-limited', { i });
      // The first window opens when the first job starts, which is after this: a late handler (a busy
      // machine) can only start later, so these bounds hold under any load.
      const opened = Date.now();
      await queue.start();
      await waitFor(() => startedAt.length === 15);
      expect(startedAt.filter((at) => at < opened + 200).length).toBeLessThanOrEqual(5);
      expect(startedAt.filter((at) => at < opened + 400).length).toBeLessThanOrEqual(10);
      expect(Math.max(...startedAt) - opened).toBeGreaterThanOrEqual(400);
    });

    it('never runs more jobs of a name at once than its concurrency', async () => {
      let running = 0;
      let most = 0;
      let done = 0;
      queue.register(
        'resize',
        async () => {
          running += 1;
          most = Math.max(most, running);
          await sleep(60);
          running -= 1;
          done += 1;
        },
        { concurrency: 2 },
      );
      await queue.start();
      for (let i = 0; i < 6; i++) await queue.enqueue('resize', { i });
      await waitFor(() => done === 6);
      expect(most).toBe(2);
    });

    it('waits on close for a running job to finish', async () => {
      let started = false;
      let finished = false;
      queue.register('proof', async () => {
        started = true;
        await sleep(300);
        finished = true;
      });
      await queue.start();
      await queue.enqueue('proof', {});
      await waitFor(() => started);
      await queue.close();
      expect(finished).toBe(true);
    });

    it('bounds how long close waits for a job that never ends, and aborts its signal', async () => {
      const bounded = make({ closeTimeoutMs: 200 });
      let signal: AbortSignal | undefined;
      bounded.register('stuck', (_data, job) => {
        signal = job.signal;
        return new Promise<void>(() => undefined);
      });
      await bounded.start();
      await bounded.enqueue('stuck', {});
      await waitFor(() => signal !== undefined);
      const closing = Date.now();
      await bounded.close();
      expect(Date.now() - closing).toBeLessThan(1500);
      expect(signal?.aborted).toBe(true);
    });

    // QA: a journaled job due in 40 days made Node fire its timer every millisecond (850 warnings a second).
    it('keeps a job due after the longest timer Node has waiting, without waking for it over and over', async () => {
      let runs = 0;
      queue.register('far-off', () => void (runs += 1));
      await queue.start();
      const timers = jest.spyOn(global, 'setTimeout');
      try {
        await queue.enqueue('far-off', {}, { delayMs: 40 * 24 * 60 * 60 * 1000 });
        await sleep(300);
        expect(runs).toBe(0);
        // The test's own sleep and the engine's housekeeping, not one timer a millisecond.
        expect(timers.mock.calls.length).toBeLessThan(30);
      } finally {
        timers.mockRestore();
      }
    });

    it('refuses work after close', async () => {
      await queue.close();
      expect(() => queue.register('late', () => undefined)).toThrow(/closed/);
      await expect(queue.enqueue('late', {})).rejects.toThrow(/closed/);
    });

    if (!durable) return;

    it('runs, once, a job queued before the process stopped, when the next one starts', async () => {
      // Not started: the process stopped before the job's turn came.
      const stopped = make();
      await stopped.enqueue('copy-pictures', { cardId: 'blue-eyes_LOB_ur_1st_en' }, { jobId: 'pictures-1' });
      await stopped.close();
      const runs: Array<{ data: unknown; id: string; attempt: number }> = [];
      const record = (data: unknown, job: JobContext) => void runs.push({ data, id: job.id, attempt: job.attempt });
      const next = make();
      next.register('copy-pictures', record);
      await next.start();
      await waitFor(() => runs.length === 1);
      await next.close();
      expect(runs).toEqual([{ data: { cardId: 'blue-eyes_LOB_ur_1st_en' }, id: 'pictures-1', attempt: 1 }]);
      const later = make();
      later.register('copy-pictures', record);
      await later.start();
      await sleep(300);
      expect(runs).toHaveLength(1);
    });

    it('runs again, when the next process starts, a job cut off by the close', async () => {
      const options = { attempts: 3, backoffMs: 50 };
      const stopping = make({ closeTimeoutMs: 200 });
      let started = false;
      stopping.register(
        'cut-off',
        () => {
          started = true;
          return new Promise<void>(() => undefined);
        },
        options,
      );
      await stopping.start();
      await stopping.enqueue('cut-off', { card: 'dark-magician' }, { jobId: 'cut-off-1' });
      await waitFor(() => started);
      await stopping.close();
      const runs: Array<{ data: unknown; attempt: number }> = [];
      const next = make();
      next.register('cut-off', (data, job) => void runs.push({ data, attempt: job.attempt }), options);
      await next.start();
      await waitFor(() => runs.length === 1);
      await sleep(200);
      expect(runs).toEqual([{ data: { card: 'dark-magician' }, attempt: 2 }]);
    });
  });
}

jobQueueContract({
  kind: 'in-process',
  title: 'in-process without a journal',
  create: (options) => new InProcessJobQueue(options),
  before: async () => undefined,
  after: async () => undefined,
  durable: false,
});

/** The in-process runner as the shop opens it: its journal in the read-model database, PostgreSQL or PGlite. */
function inProcessWithJournal(title: string, open: () => Promise<TestDatabase>): void {
  let database: TestDatabase;
  jobQueueContract({
    kind: 'in-process',
    title,
    create: (options) => new InProcessJobQueue({ ...options, journal: new DatabaseJobJournal(database.db) }),
    before: async () => {
      database = await open();
    },
    after: () => database.drop(),
    durable: true,
  });
}

inProcessWithJournal('in-process with its journal on PostgreSQL', () => createPostgresTestDatabase());
inProcessWithJournal('in-process with its journal on PGlite', () => createPgliteTestDatabase());

const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });

jobQueueContract({
  kind: 'bullmq',
  create: (options) => new BullmqJobQueue({ redisUrl: REDIS_URL, prefix: PREFIX, ...options }),
  durable: true,
  before: async () => {
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      throw new Error(`Redis must answer on ${REDIS_URL} for the BullMQ contract tests: ${String(error)}`);
    }
  },
  after: async () => {
    if (redis.status === 'ready') {
      const keys = await redis.keys(`${PREFIX}:*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    redis.disconnect();
  },
});

describe('BullmqJobQueue while Redis does not answer', () => {
  it('reports a job it could not queue or schedule instead of waiting without end', async () => {
    // Nothing listens on port 9: as while Redis restarts.
    const queue = new BullmqJobQueue({ redisUrl: 'redis://127.0.0.1:9', prefix: PREFIX, enqueueTimeoutMs: 300 });
    try {
      const started = Date.now();
      await expect(queue.enqueue('card-images', { cardId: 'c1' })).rejects.toThrow(/did not take the card-images job within 300 ms/);
      await expect(queue.repeat('reservation-sweeper', 30_000)).rejects.toThrow(/did not schedule reservation-sweeper within 300 ms/);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await queue.close();
    }
  });
});

describe('BullmqJobQueue on a Redis database the server does not have', () => {
  it('fails its ping, naming the number, and says why it does not answer when nothing listens', async () => {
    const url = new URL(REDIS_URL);
    url.pathname = '/99';
    const missing = new BullmqJobQueue({ redisUrl: url.toString(), prefix: PREFIX });
    const unreachable = new BullmqJobQueue({ redisUrl: 'redis://127.0.0.1:9', prefix: PREFIX, pingTimeoutMs: 500 });
    try {
      await expect(missing.ping()).rejects.toThrow('this Redis server has no database 99 (the number at the end of REDIS_URL)');
      await expect(unreachable.ping()).rejects.toThrow(/^Redis did not answer within 500 ms: connect ECONNREFUSED 127\.0\.0\.1:9$/);
    } finally {
      await Promise.all([missing.close(), unreachable.close()]);
    }
  });
});

describe('BullmqJobQueue in a process that only enqueues', () => {
  it('opens no worker connections until started', async () => {
    const prefix = `tcg-test-${randomUUID()}`;
    const queue = new BullmqJobQueue({ redisUrl: REDIS_URL, prefix });
    const admin = new Redis(REDIS_URL);
    // Workers name their blocking connections `<prefix>:<queue name>`.
    const workerConnections = async () => ((await admin.client('LIST')) as string).split('\n').filter((line) => line.includes(`name=${prefix}:`)).length;
    try {
      queue.register('card-images', async () => undefined);
      queue.register('reservation-sweeper', async () => undefined);
      await queue.enqueue('card-images', { cardId: 'c1' });
      await sleep(200);
      expect(await workerConnections()).toBe(0);
      await queue.start();
      await waitFor(async () => (await workerConnections()) === 2);
    } finally {
      await queue.close();
      const keys = await admin.keys(`${prefix}:*`);
      if (keys.length > 0) await admin.del(...keys);
      admin.disconnect();
    }
  });
});

describe('BullmqJobQueue when a job stalls', () => {
  it('logs the stalled job under the same id as its other lines', async () => {
    const prefix = `tcg-test-${randomUUID()}`;
    const warnings: { fields: Record<string, unknown>; message: string }[] = [];
    const logger = { warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }), error: () => undefined, info: () => undefined };
    const queue = new BullmqJobQueue({ redisUrl: REDIS_URL, prefix, logger });
    const admin = new Redis(REDIS_URL);
    let release: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    try {
      queue.register('card-images', async () => {
        started = true;
        await running;
      });
      await queue.enqueue('card-images', { cardId: 'c1' }, { jobId: 'card-images:c1:abc' });
      await queue.start();
      await waitFor(() => started);
      // What BullMQ's stalled-job check emits when a worker's lock ran out: its own numeric id.
      // The job's hash key, `<prefix>:card-images:<id>` (its lock and logs are further keys below it).
      const bullId = (await admin.keys(`${prefix}:card-images:*`)).map((key) => key.slice(`${prefix}:card-images:`.length)).find((rest) => /^\d+$/.test(rest));
      const worker = (queue as unknown as { workers: Map<string, import('bullmq').Worker> }).workers.get('card-images');
      worker?.emit('stalled', bullId as string, 'active');
      await waitFor(() => warnings.some((line) => line.message === 'job stalled'));
      expect(warnings.find((line) => line.message === 'job stalled')?.fields).toEqual({ job: 'card-images', id: 'card-images:c1:abc' });
    } finally {
      release();
      await queue.close();
      const keys = await admin.keys(`${prefix}:*`);
      if (keys.length > 0) await admin.del(...keys);
      admin.disconnect();
    }
  });
});
