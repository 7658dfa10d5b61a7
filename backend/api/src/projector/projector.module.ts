import { BeforeApplicationShutdown, Global, Inject, Module, OnApplicationBootstrap } from '@nestjs/common';
import {
  createProjections,
  Database,
  ensureOpenSearchIndex,
  EventStore,
  OpenedSearch,
  OpenSearchCardWriter,
  ProjectionRunner,
  ProjectionWaiter,
} from '@tcg/projections';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE } from '../database/database.module';
import { EVENT_STORE } from '../event-store/event-store.module';
import { LOGGER, Logger } from '../logging/logger';
import { SearchModule } from '../search/search.module';
import { OPENED_SEARCH } from '../search/search.tokens';

const ENSURE_INDEX_RETRY_MS = 5_000;

/**
 * Runs the projection runners in this process when ROLE is `all` or `projector`, and gives every
 * process the `ProjectionWaiter` (inject it by class) for read-your-writes after a command.
 * Registers no port: the runners use the eventStore, readModels and search ports.
 */
@Global()
@Module({
  imports: [SearchModule],
  providers: [
    {
      provide: ProjectionWaiter,
      inject: [DATABASE, EVENT_STORE],
      useFactory: (db: Database, store: EventStore) => new ProjectionWaiter(db, undefined, undefined, () => store.head()),
    },
  ],
  exports: [ProjectionWaiter],
})
export class ProjectorModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private runners: ProjectionRunner[] = [];
  private stopping = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(OPENED_SEARCH) private readonly search: OpenedSearch,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role !== 'all' && this.config.role !== 'projector') return;
    if (this.search.writer) void this.ensureSearchIndex(this.search.writer);
    this.runners = createProjections({ openSearchWriter: this.search.writer }).map(
      (projection) =>
        new ProjectionRunner({
          db: this.db,
          store: this.store,
          projection,
          onError: (error) => this.logger.warn({ err: error, projection: projection.name }, 'projection runner retrying'),
          onRetryingHalted: (error) =>
            this.logger.warn(
              { projection: projection.name, error },
              `projection ${projection.name} was halted; trying it again from its checkpoint, as this projector starts (an upgrade may have fixed the cause)`,
            ),
          onHalted: (error) =>
            this.logger.error(
              { projection: projection.name, error },
              `projection ${projection.name} is halted and the shop shows its data as of the halt: see \`tcg projections status\`, fix the cause, then \`tcg projections rebuild ${projection.name}\` (the shop keeps serving the data it has until the swap)`,
            ),
        }),
    );
    for (const runner of this.runners) runner.start();
    this.logger.info({ projections: this.runners.map((runner) => runner.name) }, 'projection runners started');
  }

  /**
   * Outside start-up, and again every few seconds while OpenSearch does not answer: the other projections
   * need not wait for it, and its own runner retries its writes meanwhile.
   */
  private async ensureSearchIndex(writer: OpenSearchCardWriter): Promise<void> {
    while (!this.stopping) {
      try {
        if (await ensureOpenSearchIndex(this.db, writer)) {
          this.logger.warn({ projection: 'search-opensearch' }, 'the OpenSearch index was missing: it is being filled again from the event log');
        }
        return;
      } catch (error) {
        this.logger.warn({ err: error }, 'OpenSearch does not answer; trying again in 5 s');
        await new Promise((resolve) => setTimeout(resolve, ENSURE_INDEX_RETRY_MS).unref());
      }
    }
  }

  /** Before any module's shutdown hook, so the runners stop while the database and event store are still open. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.runners.map((runner) => runner.stop()));
    this.runners = [];
  }
}
