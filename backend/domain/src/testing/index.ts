export * from './decider-spec';
export * from './fixtures';
