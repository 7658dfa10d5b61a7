export * from './search-index.port';
export * from './postgres-search-index';
export * from './opensearch-search-index';
export * from './opensearch-index.projection';
export * from './card-documents';
export * from './open-search-index';
