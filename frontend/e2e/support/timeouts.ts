// Jest reads `testTimeout` only from the root config; this project's hooks start a server and a browser.
jest.setTimeout(120_000);
