import { BullmqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobLogger, JobQueue } from './job-queue';

export interface JobQueueSettings {
  /** BullMQ on this Redis when set (`REDIS_URL`); the in-process runner otherwise. */
  redisUrl?: string;
  /** Redis key prefix, BullMQ only. */
  prefix?: string;
  logger?: JobLogger;
  /** How long `close()` waits for running jobs. Default `DEFAULT_CLOSE_TIMEOUT_MS` (4 s). */
  closeTimeoutMs?: number;
}

export function createJobQueue(settings: JobQueueSettings = {}): JobQueue {
  const { redisUrl, prefix, logger, closeTimeoutMs } = settings;
  if (redisUrl) return new BullmqJobQueue({ redisUrl, prefix, logger, closeTimeoutMs });
  return new InProcessJobQueue({ logger, closeTimeoutMs });
}
