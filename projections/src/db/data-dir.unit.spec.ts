import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { invocationDir, resolveDataDir } from './data-dir';

describe('resolveDataDir', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'tcg-data-dir-'));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'tcg-shop', workspaces: ['backend/api', 'projections'] }));
    for (const pkg of ['backend/api/dist/config', 'projections/dist/db']) {
      mkdirSync(join(root, pkg), { recursive: true });
    }
    writeFileSync(join(root, 'backend/api/package.json'), JSON.stringify({ name: '@tcg/api' }));
    writeFileSync(join(root, 'projections/package.json'), JSON.stringify({ name: '@tcg/projections' }));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // Before: `npm run dev` (whose API runs in backend/api) and `npx tcg` from projections/ each opened
  // a `var` of their own folder, beside the one `npm start` uses.
  it('puts the default at the workspace root, from whichever package and folder it runs', () => {
    expect(resolveDataDir(undefined, { codeDir: join(root, 'backend/api/dist/config'), invokedFrom: join(root, 'backend/api') })).toBe(join(root, 'var'));
    expect(resolveDataDir(undefined, { codeDir: join(root, 'projections/dist/db'), invokedFrom: join(root, 'projections') })).toBe(join(root, 'var'));
  });

  it('reads a relative DATA_DIR from where the command was run, and takes an absolute one as it is', () => {
    expect(resolveDataDir('shop-data', { codeDir: join(root, 'projections/dist/db'), invokedFrom: '/srv/tienda' })).toBe('/srv/tienda/shop-data');
    expect(resolveDataDir('/var/lib/tcg', { codeDir: join(root, 'projections/dist/db'), invokedFrom: '/srv/tienda' })).toBe('/var/lib/tcg');
  });

  it('falls back to where the command was run outside a workspace', () => {
    expect(resolveDataDir(undefined, { codeDir: '/', invokedFrom: '/srv/tienda' })).toBe('/srv/tienda/var');
  });

  it("takes npm's INIT_CWD only when this process runs in or above it", () => {
    expect(invocationDir({ INIT_CWD: '/srv/tienda' }, '/srv/tienda/backend/api')).toBe('/srv/tienda');
    expect(invocationDir({ INIT_CWD: '/srv/tienda/projections' }, '/srv/tienda')).toBe('/srv/tienda/projections');
    // Inherited from an npm run elsewhere: before, a relative DATA_DIR was read from that other folder.
    expect(invocationDir({ INIT_CWD: '/srv/tienda/backend' }, '/tmp/operador')).toBe('/tmp/operador');
    expect(invocationDir({}, '/tmp/operador')).toBe('/tmp/operador');
  });
});
