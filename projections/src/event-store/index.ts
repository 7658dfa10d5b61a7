export * from './event-store.port';
export * from './postgres-event-store';
export * from './eventstoredb-event-store';
export * from './open-event-store';
