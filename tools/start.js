// `npm start`: builds what changed (Nx cache makes a second start quick), then runs the shop.
// The build's own output is shown only when it fails, so the shop's log starts clean.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');
process.stdout.write('Preparando la tienda (la primera vez compila, tarda hasta un minuto)...\n');
const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], {
  cwd: root,
  encoding: 'utf8',
  env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
});
if (build.status !== 0) {
  process.stderr.write(`${build.stdout}\n${build.stderr}\nBuild failed.\n`);
  process.exit(build.status ?? 1);
}
require(join(root, 'backend/api/dist/main.js'));
