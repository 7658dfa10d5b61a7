export * from './date-format';
export * from './money';
