export * from './synthetic-history';
export * from './synthetic-seed';
