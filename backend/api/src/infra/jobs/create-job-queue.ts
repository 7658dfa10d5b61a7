import { BullmqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import type { JobJournal } from './job-journal';
import { JobLogger, JobQueue } from './job-queue';

export interface JobQueueSettings {
  /** BullMQ on this Redis when set (`REDIS_URL`); the in-process runner otherwise. */
  redisUrl?: string;
  /** Redis key prefix, BullMQ only. */
  prefix?: string;
  logger?: JobLogger;
  /** How long `close()` waits for running jobs. Default `DEFAULT_CLOSE_TIMEOUT_MS` (4 s). */
  closeTimeoutMs?: number;
  /** In-process only: where unfinished jobs wait for the next start (BullMQ keeps them in Redis). */
  journal?: JobJournal;
}

export function createJobQueue(settings: JobQueueSettings = {}): JobQueue {
  const { redisUrl, prefix, logger, closeTimeoutMs, journal } = settings;
  if (redisUrl) return new BullmqJobQueue({ redisUrl, prefix, logger, closeTimeoutMs });
  return new InProcessJobQueue({ logger, closeTimeoutMs, journal });
}
