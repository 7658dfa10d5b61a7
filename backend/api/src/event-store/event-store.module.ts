import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Database, EventStore, openEventStore } from '@tcg/projections';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE } from '../database/database.module';
import { PortRegistry } from '../health/port-registry';

export const EVENT_STORE = Symbol('EVENT_STORE');

/** The source of truth: EventStoreDB with EVENTSTORE_URL, else the events table of the database. */
@Global()
@Module({
  providers: [
    {
      provide: EVENT_STORE,
      inject: [APP_CONFIG, DATABASE, PortRegistry],
      useFactory: (config: AppConfig, db: Database, ports: PortRegistry): EventStore => {
        const store = openEventStore({ db, eventStoreUrl: config.eventStoreUrl });
        ports.register({ port: 'eventStore', adapter: store.name, check: () => store.ping() });
        return store;
      },
    },
  ],
  exports: [EVENT_STORE],
})
export class EventStoreModule implements OnApplicationShutdown {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
