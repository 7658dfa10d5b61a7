export * from './parse-event';
export * from './stored-payload';
