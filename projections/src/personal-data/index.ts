export * from './forget-customer';
export * from './personal-data-keys';
