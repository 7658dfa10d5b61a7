// The npm registry this project installs from serves the Linux builds of platform-specific packages
// (@swc/core-linux-x64-gnu, ...) but not every other platform's. npm then leaves those optional
// dependencies out of package-lock.json, and `npm ci` refuses the lock as "out of sync". This records
// each missing optional dependency as an optional entry, which `npm ci` accepts and skips when it cannot
// be installed here. Runs after every `npm install` (root postinstall); a no-op when nothing is missing.
const { readFileSync, writeFileSync, existsSync } = require('node:fs');
const { join } = require('node:path');

const file = join(__dirname, '..', 'package-lock.json');
if (!existsSync(file)) process.exit(0);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages ?? {};

/** Node's lookup: the dependency in this package's node_modules, then each enclosing one up to the root. */
function resolves(from, name) {
  let dir = from;
  for (;;) {
    if (packages[dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`]) return true;
    if (!dir) return false;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent >= 0 ? dir.slice(0, parent) : '';
  }
}

const missing = {};
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    if (/^\d+\.\d+\.\d+/.test(version) && !resolves(path, name)) missing[`node_modules/${name}`] = { version, optional: true };
  }
}
const names = Object.keys(missing);
if (names.length > 0) {
  lock.packages = Object.fromEntries(Object.entries({ ...packages, ...missing }).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  process.stdout.write(`package-lock.json: recorded ${names.length} optional platform packages this registry does not serve\n`);
}
