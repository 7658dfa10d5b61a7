const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'frontend',
  rootDir: __dirname,
  testEnvironment: '<rootDir>/src/testing/jsdom-environment.js',
  moduleNameMapper: {
    // Listed first: an aliased stylesheet (`@/…/page.css`) must still resolve to the stub.
    '\\.css$': '<rootDir>/src/testing/style-mock.js',
    ...preset.moduleNameMapper,
    '^@/(.*)$': '<rootDir>/src/$1',
  },
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
  testPathIgnorePatterns: ['/node_modules/', '\\.e2e\\.spec\\.ts$'],
};
