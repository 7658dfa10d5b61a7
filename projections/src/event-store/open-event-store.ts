import { Database } from '../db/sql';
import { EventStore } from './event-store.port';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { PostgresEventStore, PostgresEventStoreOptions } from './postgres-event-store';

export interface EventStoreSettings extends PostgresEventStoreOptions {
  /** The application database: the event store's home unless `eventStoreUrl` is set. */
  db: Database;
  /** EventStoreDB connection string (EVENTSTORE_URL); when set, events live there instead. */
  eventStoreUrl?: string;
}

/** Picks the adapter: EventStoreDB when a URL is given, else the tables of the given database. */
export function openEventStore(settings: EventStoreSettings): EventStore {
  if (settings.eventStoreUrl) return EventStoreDbEventStore.connect(settings.eventStoreUrl);
  return new PostgresEventStore(settings.db, { pollIntervalMs: settings.pollIntervalMs });
}
