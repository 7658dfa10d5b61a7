export * from './db';
export * from './event-store';
