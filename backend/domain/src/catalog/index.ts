export * from './catalog.contracts';
