const preset = require('../jest.preset.js');

module.exports = { ...preset, displayName: 'projections', rootDir: __dirname };
