export * from './catalog';
export * from './messages';
export * from './shared';
export * from './money';
export * from './inventory';
export * from './orders';
export * from './events';
export * from './checkout';
