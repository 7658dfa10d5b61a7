export * from './connection-urls';
export * from './db';
export * from './event-store';
export * from './projections';
export * from './search';
export * from './synthetic';
export * from './personal-data';
