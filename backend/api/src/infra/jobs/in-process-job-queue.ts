import { randomUUID } from 'node:crypto';
import {
  backoffDelay,
  DEFAULT_CLOSE_TIMEOUT_MS,
  EnqueueOptions,
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
  assertEveryMs,
  closedBeforeFinishing,
  runUnlessAborted,
  settlesWithin,
  silentJobLogger,
} from './job-queue';
import type { JobJournal } from './job-journal';

export interface InProcessJobQueueOptions {
  logger?: JobLogger;
  closeTimeoutMs?: number;
  /** Where unfinished jobs are kept for the next start; without one they are lost when the process stops. */
  journal?: JobJournal;
}

/**
 * The longest a timer may wait (2^31 − 1 ms, about 24.8 days): Node fires a longer one after 1 ms, so a
 * job due later (a journaled one, or a long delay) is woken at this bound and put back to sleep.
 */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** How long `close()` waits for the journal's last writes (each takes milliseconds). */
const JOURNAL_CLOSE_WAIT_MS = 1000;

interface PendingJob {
  id: string;
  data: unknown;
  attempt: number;
  runAt: number;
}

interface Lane {
  name: string;
  handler?: JobHandler;
  options: ResolvedJobOptions;
  /** Ordered by `runAt`, first come first served among equals. */
  pending: PendingJob[];
  /** Ids of the pending and running jobs, for idempotent enqueue. */
  ids: Set<string>;
  active: number;
  windowStart: number;
  windowCount: number;
  timer?: NodeJS.Timeout;
  wakeAt?: number;
  failed: FailedJob[];
}

/**
 * Runs jobs inside this process with timers and a promise pool, for running without Redis. With a
 * journal, the jobs enqueued and not finished when the process stops (or dies) run when it starts again;
 * without one they are lost (and logged on close). Repeatable jobs are scheduled again by their owners
 * at start, so they are not journaled.
 */
export class InProcessJobQueue implements JobQueue {
  readonly name = 'in-process' as const;
  private readonly logger: JobLogger;
  private readonly closeTimeoutMs: number;
  private readonly journal?: JobJournal;
  /** The journal's writes, one after another: a job's removal never lands after a new save of its id, nor before an older one. */
  private journalWrites: Promise<void> = Promise.resolve();
  private readonly lanes = new Map<string, Lane>();
  private readonly schedules = new Map<string, { everyMs: number; data: unknown; timer?: NodeJS.Timeout }>();
  private readonly running = new Set<Promise<void>>();
  private readonly abandon = new AbortController();
  private state: 'idle' | 'running' | 'closed' = 'idle';

  constructor(options: InProcessJobQueueOptions = {}) {
    this.logger = options.logger ?? silentJobLogger;
    this.closeTimeoutMs = options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
    this.journal = options.journal;
  }

  register<T>(name: string, handler: JobHandler<T>, options?: JobOptions): void {
    this.assertOpen();
    const lane = this.lane(name);
    if (lane.handler) throw new Error(`Job "${name}" already has a handler`);
    lane.handler = handler as JobHandler;
    lane.options = resolveJobOptions(options);
    this.pump(lane);
  }

  enqueue<T>(name: string, data: T, options: EnqueueOptions = {}): Promise<void> {
    return this.add(name, data, options, true);
  }

  async repeat<T>(name: string, everyMs: number, data?: T): Promise<void> {
    this.assertOpen();
    assertEveryMs(everyMs);
    clearInterval(this.schedules.get(name)?.timer);
    this.schedules.set(name, { everyMs, data });
    if (this.state === 'running') this.startSchedule(name);
  }

  async failed(name: string, limit = 20): Promise<FailedJob[]> {
    return (this.lanes.get(name)?.failed ?? []).slice(-limit).reverse();
  }

  async start(): Promise<void> {
    this.assertOpen();
    if (this.state === 'running') return;
    const unfinished = (await this.journal?.unfinished()) ?? [];
    this.state = 'running';
    for (const { name, id, data, attempt, runAt } of unfinished) {
      const lane = this.lane(name);
      if (lane.ids.has(id)) continue;
      lane.ids.add(id);
      this.schedule(lane, { id, data, attempt, runAt });
    }
    if (unfinished.length > 0) this.logger.info({ jobs: unfinished.length }, 'unfinished jobs taken up again');
    for (const name of this.schedules.keys()) this.startSchedule(name);
    for (const lane of this.lanes.values()) this.pump(lane);
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    for (const schedule of this.schedules.values()) clearInterval(schedule.timer);
    for (const lane of this.lanes.values()) clearTimeout(lane.timer);
    if (!(await settlesWithin(Promise.allSettled([...this.running]), this.closeTimeoutMs))) {
      this.abandon.abort(closedBeforeFinishing());
      this.logger.warn({ running: this.running.size, timeoutMs: this.closeTimeoutMs }, 'jobs still running at close');
      // Settles at once: each run stopped waiting for its handler and journaled its retry.
      await Promise.allSettled([...this.running]);
    }
    // Before the database closes after this queue; a write that takes longer finds it closed and is logged.
    await settlesWithin(this.journalWrites, JOURNAL_CLOSE_WAIT_MS);
    const pending = [...this.lanes.values()].reduce((sum, lane) => sum + lane.pending.length, 0);
    if (pending > 0 && this.journal) this.logger.info({ pending }, 'pending in-process jobs kept for the next start');
    else if (pending > 0) this.logger.warn({ dropped: pending }, 'pending in-process jobs dropped at close');
  }

  async ping(): Promise<void> {
    if (this.state === 'closed') throw new Error('In-process job queue is closed');
  }

  private async add(name: string, data: unknown, options: EnqueueOptions, durable: boolean): Promise<void> {
    this.assertOpen();
    const lane = this.lane(name);
    const id = options.jobId ?? randomUUID();
    if (lane.ids.has(id)) return;
    lane.ids.add(id);
    // Round-trip through JSON so handlers see what BullMQ would give them after Redis.
    const copy: unknown = data === undefined ? undefined : JSON.parse(JSON.stringify(data));
    const job = { id, data: copy, attempt: 1, runAt: Date.now() + (options.delayMs ?? 0) };
    if (durable && this.journal) {
      // Kept before it is taken: a job `enqueue` accepted survives the process.
      try {
        await this.writeJournal((journal) => journal.save({ name, ...job }));
      } catch (error) {
        lane.ids.delete(id);
        throw error;
      }
    }
    this.schedule(lane, job);
  }

  /** The job is done with, for good: the journal need not keep it. */
  private finish(lane: Lane, job: PendingJob): void {
    lane.ids.delete(job.id);
    this.writeJournal((journal) => journal.remove(lane.name, job.id)).catch((error: unknown) =>
      this.logger.warn({ job: lane.name, id: job.id, err: error }, 'finished job still journaled; it runs again at the next start'),
    );
  }

  /** Queued behind the journal's earlier writes. A failed one leaves the job as journaled before: at worst it runs once more. */
  private writeJournal(write: (journal: JobJournal) => Promise<void>): Promise<void> {
    const journal = this.journal;
    if (!journal) return Promise.resolve();
    const written = this.journalWrites.then(() => write(journal));
    this.journalWrites = written.catch(() => undefined);
    return written;
  }

  private assertOpen(): void {
    if (this.state === 'closed') throw new Error('Job queue is closed');
  }

  private lane(name: string): Lane {
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = {
        name,
        options: resolveJobOptions(),
        pending: [],
        ids: new Set(),
        active: 0,
        windowStart: 0,
        windowCount: 0,
        failed: [],
      };
      this.lanes.set(name, lane);
    }
    return lane;
  }

  private startSchedule(name: string): void {
    const schedule = this.schedules.get(name);
    if (!schedule) return;
    // A fixed id means a run that is still pending or running is not stacked up behind itself.
    const tick = () => void this.add(name, schedule.data, { jobId: `repeat:${name}` }, false);
    tick();
    schedule.timer = setInterval(tick, schedule.everyMs);
  }

  private schedule(lane: Lane, job: PendingJob): void {
    const at = lane.pending.findIndex((other) => other.runAt > job.runAt);
    lane.pending.splice(at === -1 ? lane.pending.length : at, 0, job);
    this.pump(lane);
  }

  private pump(lane: Lane): void {
    if (this.state !== 'running' || !lane.handler) return;
    while (lane.active < lane.options.concurrency && lane.pending.length > 0) {
      const now = Date.now();
      const next = lane.pending[0];
      if (next.runAt > now) return this.wake(lane, next.runAt);
      const limitedUntil = this.takeRateSlot(lane, now);
      if (limitedUntil !== undefined) return this.wake(lane, limitedUntil);
      lane.pending.shift();
      this.run(lane, lane.handler, next);
    }
  }

  /** Fixed windows, like BullMQ's limiter, so both adapters pace a job the same way. */
  private takeRateSlot(lane: Lane, now: number): number | undefined {
    const limit = lane.options.rateLimit;
    if (!limit) return undefined;
    if (now - lane.windowStart >= limit.durationMs) {
      lane.windowStart = now;
      lane.windowCount = 0;
    }
    if (lane.windowCount >= limit.max) return lane.windowStart + limit.durationMs;
    lane.windowCount += 1;
    return undefined;
  }

  private wake(lane: Lane, at: number): void {
    if (lane.timer && lane.wakeAt !== undefined && lane.wakeAt <= at) return;
    clearTimeout(lane.timer);
    lane.wakeAt = at;
    lane.timer = setTimeout(
      () => {
        lane.timer = undefined;
        lane.wakeAt = undefined;
        this.pump(lane);
      },
      Math.min(MAX_TIMER_MS, Math.max(0, at - Date.now())),
    );
  }

  private run(lane: Lane, handler: JobHandler, job: PendingJob): void {
    lane.active += 1;
    const execution: Promise<void> = this.execute(lane, handler, job).finally(() => {
      lane.active -= 1;
      this.running.delete(execution);
      this.pump(lane);
    });
    this.running.add(execution);
  }

  private async execute(lane: Lane, handler: JobHandler, job: PendingJob): Promise<void> {
    try {
      const signal = this.abandon.signal;
      // As on BullMQ: a job that ignores its signal is abandoned at close, not waited for.
      await runUnlessAborted(() => handler(job.data, { id: job.id, name: lane.name, attempt: job.attempt, signal }), signal);
      this.finish(lane, job);
    } catch (error) {
      this.onFailure(lane, job, error);
    }
  }

  private onFailure(lane: Lane, job: PendingJob, error: unknown): void {
    const context = { job: lane.name, id: job.id, attempt: job.attempt, err: error };
    if (mayRetry(error, job.attempt, lane.options.attempts)) {
      const delayMs = backoffDelay(lane.options, job.attempt);
      this.logger.warn({ ...context, delayMs }, 'job failed, retrying');
      const retry = { ...job, attempt: job.attempt + 1, runAt: Date.now() + delayMs };
      this.writeJournal((journal) => journal.save({ name: lane.name, ...retry })).catch((error: unknown) =>
        this.logger.warn({ job: lane.name, id: job.id, err: error }, 'retry not journaled; the next start repeats the attempt journaled'),
      );
      this.schedule(lane, retry);
      return;
    }
    this.finish(lane, job);
    this.logger.error(context, 'job failed after its last attempt');
    lane.failed.push({
      id: job.id,
      name: lane.name,
      data: job.data,
      attempts: job.attempt,
      error: errorMessage(error),
      failedAt: new Date(),
    });
    if (lane.failed.length > FAILED_JOBS_KEPT) lane.failed.shift();
  }
}
