// jsdom has no Fetch API classes, and React Router's data router builds a Request for every
// navigation. Node's own classes are lent to the test window, with Node's AbortController, because
// Node's Request refuses a signal that jsdom created.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchApi extends TestEnvironment {
  async setup() {
    await super.setup();
    Object.assign(this.global, { Request, Response, Headers, AbortController, AbortSignal });
  }
}

module.exports = JsdomWithFetchApi;
