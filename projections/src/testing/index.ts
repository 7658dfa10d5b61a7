export * from './test-database';
export * from './projection-harness';
export * from './search-fixtures';
