export * from './catalog';
export * from './messages';
