import { isTransient } from '@tcg/projections';
import type { Logger } from '../logging/logger';

/**
 * A scheduled job's run. A deadlock or a lost connection (a `tcg projections replay` emptying the tables
 * it reads, a database restart) ends it with a warning, not an error: the next run does the same work.
 * Anything else fails the job, logged as an error.
 */
export async function scheduledRun(work: () => Promise<unknown>, logger: Logger, what: string): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!isTransient(error)) throw error;
    logger.warn({ err: error }, `${what} stopped by the database; the next run retries it`);
  }
}
