export * from './decider';
export * from './domain-error';
export * from './event-parser';
export * from './persistent-map';
