// Writes a brotli (.br) and a gzip (.gz) copy next to every text file of a build over 1 KB, at build time,
// at the highest levels: the shop serves them as they are (backend/api/src/web/spa.ts), so no request
// spends CPU compressing the storefront's code. Usage: node tools/precompress.js <dir>
const { readdirSync, readFileSync, writeFileSync, statSync } = require('node:fs');
const { extname, join } = require('node:path');
const { brotliCompressSync, constants, gzipSync } = require('node:zlib');

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.has(extname(entry.name)) && statSync(path).size >= MIN_BYTES) yield path;
  }
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node tools/precompress.js <dir>');
  process.exit(2);
}
let raw = 0;
let brotli = 0;
let count = 0;
for (const path of files(dir)) {
  const bytes = readFileSync(path);
  const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  raw += bytes.length;
  brotli += br.length;
  count++;
}
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(1)} KB -> ${(brotli / 1024).toFixed(1)} KB brotli`);
