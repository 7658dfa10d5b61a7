/** Pino-compatible: a pino logger (or a child of one) can be passed as is. */
export interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentJobLogger: JobLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export interface JobContext {
  /** The `jobId` given to `enqueue`, or one the adapter made up. */
  id: string;
  name: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  /** Aborted when `close()` stops waiting for the job; long downloads should pass it on. */
  signal: AbortSignal;
}

/** Handlers must be idempotent: a job can run again after a crash or a retry. */
export type JobHandler<T = unknown> = (data: T, job: JobContext) => Promise<void> | void;

export interface RateLimit {
  /** At most `max` jobs start in any window of `durationMs` (fixed windows, as BullMQ counts). */
  max: number;
  durationMs: number;
}

export interface JobOptions {
  /** Jobs of this name running at once in this process. Default 1. */
  concurrency?: number;
  /** Runs before a job is given up and kept as failed, the first one included. Default 3. */
  attempts?: number;
  /** Exponential backoff: retry n waits `backoffMs * 2^(n-1)`. Default 1000. */
  backoffMs?: number;
  rateLimit?: RateLimit;
}

export type ResolvedJobOptions = Required<Omit<JobOptions, 'rateLimit'>> & Pick<JobOptions, 'rateLimit'>;

export interface EnqueueOptions {
  /** While a job with this id is pending or running, enqueueing it again does nothing. */
  jobId?: string;
  delayMs?: number;
}

export interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  attempts: number;
  error: string;
  failedAt: Date;
}

export type JobQueueKind = 'in-process' | 'bullmq';

/**
 * Background jobs. Job data travels as JSON (BullMQ stores it in Redis), so pass plain objects:
 * a Date arrives as a string in both adapters.
 */
export interface JobQueue {
  readonly name: JobQueueKind;
  /** One handler per job name; jobs enqueued before their handler is registered wait for it. */
  register<T>(name: string, handler: JobHandler<T>, options?: JobOptions): void;
  enqueue<T>(name: string, data: T, options?: EnqueueOptions): Promise<void>;
  /** Runs `name` now and then every `everyMs`; calling it again for the same name replaces the schedule. */
  repeat<T>(name: string, everyMs: number, data?: T): Promise<void>;
  /** The latest jobs of `name` that used up their attempts, newest first. */
  failed(name: string, limit?: number): Promise<FailedJob[]>;
  start(): Promise<void>;
  /** Stops taking jobs and waits (bounded) for the running ones. */
  close(): Promise<void>;
  /** Rejects when the backing engine does not answer. */
  ping(): Promise<void>;
}

/** Failed jobs kept per job name for inspection; older ones are dropped. */
export const FAILED_JOBS_KEPT = 100;
/**
 * How long `close()` waits for running jobs, twice at most (then for the abandoned ones): with the other
 * shutdown steps it stays under the process's own 10 s bound, so abandoned jobs are failed and retried
 * instead of being left to BullMQ's stall check.
 */
export const DEFAULT_CLOSE_TIMEOUT_MS = 4_000;
/** How long `enqueue` waits for the backing engine before it reports the job as not queued. */
export const ENQUEUE_TIMEOUT_MS = 5_000;

export function resolveJobOptions(options: JobOptions = {}): ResolvedJobOptions {
  const resolved = { concurrency: 1, attempts: 3, backoffMs: 1000, ...options };
  const { concurrency, attempts, backoffMs, rateLimit } = resolved;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be an integer ≥ 1');
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError('attempts must be an integer ≥ 1');
  if (!(backoffMs >= 0)) throw new RangeError('backoffMs must be ≥ 0');
  if (rateLimit && (!Number.isInteger(rateLimit.max) || rateLimit.max < 1 || !(rateLimit.durationMs > 0))) {
    throw new RangeError('rateLimit needs an integer max ≥ 1 and a durationMs > 0');
  }
  return resolved;
}

/** Delay before the next run, after `failedAttempts` runs have failed. */
export function backoffDelay(options: ResolvedJobOptions, failedAttempts: number): number {
  return options.backoffMs * 2 ** (failedAttempts - 1);
}

export function assertEveryMs(everyMs: number): void {
  if (!Number.isInteger(everyMs) || everyMs < 1) throw new RangeError('everyMs must be an integer ≥ 1');
}

/** Rejects as soon as `signal` aborts, so a job that ignores its signal cannot hold up a shutdown. */
export async function runUnlessAborted(work: () => Promise<void> | void, signal: AbortSignal): Promise<void> {
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([Promise.resolve().then(work), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * A failure that trying again cannot mend (a picture address that answers 404): the job fails now,
 * without its remaining attempts, and is kept among the failed ones.
 */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

/** Whether another attempt may succeed. */
export function mayRetry(error: unknown, attempt: number, attempts: number): boolean {
  return attempt < attempts && !(error instanceof PermanentJobError);
}

export function closedBeforeFinishing(): Error {
  return new Error('The job queue closed before the job finished');
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Resolves true when `work` settled within `ms`, false when the time ran out first. */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = work.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
