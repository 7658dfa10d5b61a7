// Stylesheets mean nothing to jsdom; components only import them for their side effect.
module.exports = {};
