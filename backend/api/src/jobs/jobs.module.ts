import { Global, Inject, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Database } from '@tcg/projections';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE } from '../database/database.module';
import { PortRegistry } from '../health/port-registry';
import { createJobQueue, DatabaseJobJournal, type JobQueue } from '../infra/jobs';
import { LOGGER, Logger } from '../logging/logger';
import { problemWith } from '../startup-problems';

export const JOB_QUEUE = Symbol('JOB_QUEUE');

/**
 * Background jobs: BullMQ on REDIS_URL, in-process otherwise (DESIGN §7), its unfinished jobs kept in the
 * read-model database for the next start. Features register their handlers and schedules while the
 * modules initialise; only the roles that run jobs start taking them.
 */
@Global()
@Module({
  providers: [
    {
      provide: JOB_QUEUE,
      inject: [APP_CONFIG, LOGGER, PortRegistry, DATABASE],
      useFactory: async (config: AppConfig, logger: Logger, ports: PortRegistry, db: Database): Promise<JobQueue> => {
        const queue = createJobQueue({
          redisUrl: config.redisUrl,
          logger: logger.child({ component: 'jobs' }),
          journal: new DatabaseJobJournal(db),
        });
        // Before any job is queued: a Redis that does not answer, or lacks REDIS_URL's database, stops the start.
        await queue.ping().catch(async (error: unknown) => {
          await queue.close();
          throw problemWith('REDIS_URL', 'Redis', error);
        });
        ports.register({ port: 'jobs', adapter: queue.name, check: () => queue.ping() });
        return queue;
      },
    },
  ],
  exports: [JOB_QUEUE],
})
export class JobsModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'all' || this.config.role === 'worker') await this.queue.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
