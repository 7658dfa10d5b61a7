export * from './event-metadata';
export * from './parse-event';
export * from './stored-payload';
