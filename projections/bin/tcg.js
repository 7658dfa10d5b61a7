#!/usr/bin/env -S node --max-semi-space-size=128
// The `tcg` command. Committed with its execute bit: a build writes dist/ anew without it, and `npx tcg`
// then answered "Permission denied" (docs/operations-cli.md).
require('../dist/cli/main.js').main();
