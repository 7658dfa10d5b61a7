// Shared by every package's jest.config.js: SWC compiles TypeScript (with Nest's decorator metadata)
// and the workspace aliases point at sources, so tests never need a build first.
const path = require('node:path');

const root = __dirname;

const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

module.exports = {
  moduleNameMapper: {
    '^@tcg/domain$': path.join(root, 'backend/domain/src/index.ts'),
    '^@tcg/projections$': path.join(root, 'projections/src/index.ts'),
    '^@tcg/projections/testing$': path.join(root, 'projections/src/testing/index.ts'),
  },
  transform: {
    '^.+\\.ts$': swc(false),
    '^.+\\.tsx$': swc(true),
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/test/**/*.spec.ts'],
  testEnvironment: 'node',
  // For a package's own run (`nx test`); `npm test` sets the same in the root config.
  testTimeout: 30_000,
};
