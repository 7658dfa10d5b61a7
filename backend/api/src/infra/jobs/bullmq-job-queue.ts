import { Job, JobsOptions, Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
  assertEveryMs,
  backoffDelay,
  DEFAULT_CLOSE_TIMEOUT_MS,
  EnqueueOptions,
  ENQUEUE_TIMEOUT_MS,
  errorMessage,
  FAILED_JOBS_KEPT,
  FailedJob,
  JobHandler,
  JobLogger,
  JobOptions,
  JobQueue,
  mayRetry,
  ResolvedJobOptions,
  resolveJobOptions,
  runUnlessAborted,
  closedBeforeFinishing,
  settlesWithin,
  silentJobLogger,
} from './job-queue';

export interface BullmqJobQueueOptions {
  redisUrl: string;
  /** Redis key prefix; tests use a unique one so they never see each other's jobs. Default `bull`. */
  prefix?: string;
  logger?: JobLogger;
  closeTimeoutMs?: number;
  pingTimeoutMs?: number;
  enqueueTimeoutMs?: number;
}

const BACKOFF_TYPE = 'tcg-exponential';

interface Registration {
  handler: JobHandler;
  options: ResolvedJobOptions;
}

/**
 * Attempts and backoff travel with a BullMQ job, but the process that enqueues (the API) need not
 * know a job's options; only the worker that registered the handler does. So every job is enqueued
 * with unlimited attempts and a named backoff, and the worker decides: it computes the delay and
 * ends the retries with an UnrecoverableError after its own `attempts`.
 */
const JOB_DEFAULTS: JobsOptions = {
  attempts: Number.MAX_SAFE_INTEGER,
  backoff: { type: BACKOFF_TYPE },
  removeOnComplete: true,
  removeOnFail: { count: FAILED_JOBS_KEPT },
};

/** One BullMQ Queue and one Worker per job name, on Redis. */
export class BullmqJobQueue implements JobQueue {
  readonly name = 'bullmq' as const;
  private readonly connection: Redis;
  private readonly prefix: string;
  private readonly logger: JobLogger;
  private readonly closeTimeoutMs: number;
  private readonly pingTimeoutMs: number;
  private readonly enqueueTimeoutMs: number;
  private readonly queues = new Map<string, Queue>();
  private readonly handlers = new Map<string, Registration>();
  private readonly workers = new Map<string, Worker>();
  /** REDIS_URL's database number (`/11`), checked by `ping`. */
  private readonly db: number;
  /** The connection's last failure, which says why Redis does not answer (refused, no such host). */
  private lastConnectionError?: Error;
  private state: 'idle' | 'running' | 'closed' = 'idle';
  private closing?: Promise<void>;
  private readonly abandon = new AbortController();

  constructor(options: BullmqJobQueueOptions) {
    this.prefix = options.prefix ?? 'bull';
    this.logger = options.logger ?? silentJobLogger;
    this.closeTimeoutMs = options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
    this.pingTimeoutMs = options.pingTimeoutMs ?? 2000;
    this.enqueueTimeoutMs = options.enqueueTimeoutMs ?? ENQUEUE_TIMEOUT_MS;
    // Workers block on this connection's duplicates; BullMQ requires unlimited retries per request.
    this.connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    this.db = this.connection.options.db ?? 0;
    this.connection.on('error', (err) => {
      this.lastConnectionError = err;
      this.logger.warn({ err }, 'redis connection error');
    });
    this.connection.on('ready', () => (this.lastConnectionError = undefined));
  }

  register<T>(name: string, handler: JobHandler<T>, options?: JobOptions): void {
    this.assertOpen();
    if (this.handlers.has(name)) throw new Error(`Job "${name}" already has a handler`);
    this.handlers.set(name, { handler: handler as JobHandler, options: resolveJobOptions(options) });
    if (this.state === 'running') this.run(name);
  }

  /**
   * A Worker holds a blocking Redis connection of its own, so it is made only when this process runs
   * jobs (`start`): the API, which only enqueues, opens none.
   */
  private createWorker(name: string, { handler, options: resolved }: Registration): Worker {
    const worker = new Worker(
      name,
      async (job: Job) => {
        const attempt = job.attemptsMade + 1;
        const context = { id: jobIdOf(job), name, attempt, signal: this.abandon.signal };
        try {
          await runUnlessAborted(() => handler(job.data, context), context.signal);
        } catch (error) {
          if (mayRetry(error, attempt, resolved.attempts)) {
            this.logger.warn({ job: name, id: context.id, attempt, err: error }, 'job failed, retrying');
            throw error;
          }
          this.logger.error({ job: name, id: context.id, attempt, err: error }, 'job failed after its last attempt');
          throw new UnrecoverableError(errorMessage(error));
        }
      },
      {
        connection: this.connection,
        prefix: this.prefix,
        autorun: false,
        concurrency: resolved.concurrency,
        limiter: resolved.rateLimit && { max: resolved.rateLimit.max, duration: resolved.rateLimit.durationMs },
        settings: { backoffStrategy: (attemptsMade: number) => backoffDelay(resolved, attemptsMade) },
      },
    );
    worker.on('error', (err) => this.logger.error({ job: name, err }, 'job worker error'));
    // A job whose lock ran out (its process died or stopped without failing it): retried, or failed if it stalls again.
    // Named by the same id as the job's other lines (its deduplication key), which BullMQ's event does not carry.
    worker.on('stalled', (bullId) => void this.logStalled(name, bullId));
    return worker;
  }

  private async logStalled(name: string, bullId: string): Promise<void> {
    const job = await Job.fromId(this.queue(name), bullId).catch(() => undefined);
    this.logger.warn({ job: name, id: job ? jobIdOf(job) : bullId }, 'job stalled');
  }

  async enqueue<T>(name: string, data: T, options: EnqueueOptions = {}): Promise<void> {
    this.assertOpen();
    const added = this.queue(name).add(name, data, {
      ...JOB_DEFAULTS,
      delay: options.delayMs,
      // Deduplication, not BullMQ's jobId: a kept failed job would block its id for good.
      deduplication: options.jobId === undefined ? undefined : { id: options.jobId },
    });
    await this.withinTimeout(added, `take the ${name} job`);
  }

  async repeat<T>(name: string, everyMs: number, data?: T): Promise<void> {
    this.assertOpen();
    assertEveryMs(everyMs);
    // At start-up: a process that cannot reach Redis stops with an error (and is restarted) instead of hanging.
    await this.withinTimeout(this.queue(name).upsertJobScheduler(name, { every: everyMs }, { name, data, opts: JOB_DEFAULTS }), `schedule ${name}`);
  }

  /** BullMQ waits for Redis without end while it is unreachable; its callers must not. */
  private async withinTimeout(work: Promise<unknown>, what: string): Promise<void> {
    if (!(await settlesWithin(work, this.enqueueTimeoutMs))) {
      work.catch(() => undefined);
      throw new Error(`Redis did not ${what} within ${this.enqueueTimeoutMs} ms`);
    }
    await work;
  }

  async failed(name: string, limit = 20): Promise<FailedJob[]> {
    const jobs = await this.queue(name).getFailed(0, limit - 1);
    return jobs.map((job) => ({
      id: jobIdOf(job),
      name: job.name,
      data: job.data,
      attempts: job.attemptsMade,
      error: job.failedReason,
      failedAt: new Date(job.finishedOn ?? job.timestamp),
    }));
  }

  async start(): Promise<void> {
    this.assertOpen();
    if (this.state === 'running') return;
    this.state = 'running';
    for (const name of this.handlers.keys()) this.run(name);
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  /**
   * SELECT rather than PING: when Redis refuses REDIS_URL's database (`/99` on a server with 16), ioredis
   * logs it and carries on in database 0, where jobs would land among another application's keys.
   */
  async ping(): Promise<void> {
    const reply = this.connection.select(this.db);
    if (!(await settlesWithin(reply, this.pingTimeoutMs))) {
      reply.catch(() => undefined);
      const why = this.lastConnectionError ? `: ${this.lastConnectionError.message}` : '';
      throw new Error(`Redis did not answer within ${this.pingTimeoutMs} ms${why}`);
    }
    await reply.catch((error: Error) => {
      throw /DB index is out of range/i.test(error.message) ? new Error(`this Redis server has no database ${this.db} (the number at the end of REDIS_URL)`) : error;
    });
  }

  private async shutDown(): Promise<void> {
    this.state = 'closed';
    const closed = Promise.all([...this.workers.values()].map((worker) => worker.close()));
    if (!(await settlesWithin(closed, this.closeTimeoutMs))) {
      // The abandoned jobs fail this attempt, so BullMQ retries them later instead of waiting for a stall check.
      this.abandon.abort(closedBeforeFinishing());
      this.logger.warn({ timeoutMs: this.closeTimeoutMs }, 'jobs still running at close were abandoned');
      await settlesWithin(closed, this.closeTimeoutMs);
    }
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    // QUIT would wait in the offline queue forever while Redis is unreachable.
    if (this.connection.status === 'ready') await this.connection.quit().catch(() => this.connection.disconnect());
    else this.connection.disconnect();
  }

  private assertOpen(): void {
    if (this.state === 'closed') throw new Error('Job queue is closed');
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      queue.on('error', (err) => this.logger.error({ job: name, err }, 'job queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private run(name: string): void {
    const registration = this.handlers.get(name);
    if (!registration || this.workers.has(name)) return;
    const worker = this.createWorker(name, registration);
    this.workers.set(name, worker);
    worker.run().catch((err: unknown) => this.logger.error({ job: name, err }, 'job worker stopped'));
  }
}

function jobIdOf(job: Job): string {
  return job.opts.deduplication?.id ?? job.id ?? '';
}
