export * from './sql';
export * from './pg-database';
export * from './pglite-database';
export * from './open-database';
export * from './migrate';
export * from './data-dir-lock';
export * from './data-dir';
export * from './table-maintenance';
