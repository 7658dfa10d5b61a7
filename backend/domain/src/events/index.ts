export * from './event-metadata';
export * from './parse-event';
