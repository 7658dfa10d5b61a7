export * from './catalog.contracts';
export * from './storefront-pages';
