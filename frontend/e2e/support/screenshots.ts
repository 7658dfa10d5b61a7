import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

/**
 * Where a browser test saves its screenshot: the committed docs/screenshots when asked to refresh them
 * (`UPDATE_SCREENSHOTS=1 npm run test:jest -- --selectProjects e2e`), else the ignored test-results, so
 * an ordinary test run leaves the work tree as it found it.
 */
export function screenshotPath(name: string, viewport: string): string {
  const dir = process.env.UPDATE_SCREENSHOTS ? join(root, 'docs', 'screenshots') : join(root, 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, `${name}-${viewport}.png`);
}
