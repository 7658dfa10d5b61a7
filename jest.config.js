// `npm test` runs every package's suite in one jest process, so the run ends with one summary.
module.exports = {
  projects: ['<rootDir>/backend/domain', '<rootDir>/projections', '<rootDir>/backend/api', '<rootDir>/frontend', '<rootDir>/frontend/e2e'],
  reporters: ['<rootDir>/tools/summary-reporter.js', 'default'],
  // Global options are read here only, not from the projects: database suites open PGlite or a fresh
  // PostgreSQL database in their hooks, which takes seconds on a loaded two-core machine.
  testTimeout: 30_000,
};
