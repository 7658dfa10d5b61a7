/*
 * Checkout benchmark: `npm run bench:checkout` (add `-- --json` for one JSON object).
 * The root script loads TypeScript with the root tsconfig, which has neither the workspace path
 * aliases nor decorator metadata (Nest's injection needs it); so this entry re-runs itself under the
 * API's tsconfig and the benchmark proper lives in checkout-bench.main.ts.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

if (process.env.SWC_NODE_PROJECT) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('./checkout-bench.main');
} else {
  const { status } = spawnSync(process.execPath, ['-r', '@swc-node/register', __filename, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, SWC_NODE_PROJECT: join(__dirname, '..', 'tsconfig.spec.json') },
  });
  process.exit(status ?? 1);
}
