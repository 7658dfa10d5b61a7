const preset = require('../../jest.preset.js');

// The built shop in a real browser: slow by nature, so its own project with long timeouts.
module.exports = {
  ...preset,
  displayName: 'e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.e2e.spec.ts'],
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/support/timeouts.ts'],
};
