export {
  FAILED_JOBS_KEPT,
  PermanentJobError,
  silentJobLogger,
  type EnqueueOptions,
  type FailedJob,
  type JobContext,
  type JobHandler,
  type JobLogger,
  type JobOptions,
  type JobQueue,
  type JobQueueKind,
  type RateLimit,
} from './job-queue';
export { InProcessJobQueue, type InProcessJobQueueOptions } from './in-process-job-queue';
export { BullmqJobQueue, type BullmqJobQueueOptions } from './bullmq-job-queue';
export { createJobQueue, type JobQueueSettings } from './create-job-queue';
export { DatabaseJobJournal, type JobJournal, type JournaledJob } from './job-journal';
