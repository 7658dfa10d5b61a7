import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../testing/test-app';

/** The raw answer, as the browser receives it before unpacking. */
function fetchRaw(server: Server, path: string, acceptEncoding?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((done, fail) => {
    get({ host: '127.0.0.1', port, path, headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', fail);
  });
}

describe('compressed answers', () => {
  const dist = mkdtempSync(join(tmpdir(), 'tcg-dist-'));
  const code = `export const cards = [${Array.from({ length: 400 }, (_, i) => `"carta ${i}"`).join(',')}];\n`;
  let t: TestApp;
  let server: Server;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>TCG</title>');
    writeFileSync(join(dist, 'assets', 'app-1a2b.js'), code);
    execFileSync(process.execPath, [resolve(__dirname, '../../../../tools/precompress.js'), dist]);
    t = await startTestApp({ DEMO_SEED: 'false', FRONTEND_DIST: dist });
    server = t.server as Server;
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the build’s brotli copy of an asset to a browser that takes brotli, unpacking to the same bytes', async () => {
    const res = await fetchRaw(server, '/assets/app-1a2b.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({ 'content-encoding': 'br', 'content-type': expect.stringMatching(/^text\/javascript|^application\/javascript/) });
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(res.body.length).toBeLessThan(code.length / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(code);
    expect(res.body.equals(readFileSync(join(dist, 'assets', 'app-1a2b.js.br')))).toBe(true);
  });

  it('serves the gzip copy to a browser that takes only gzip, and the file itself to one that takes neither', async () => {
    const gzip = await fetchRaw(server, '/assets/app-1a2b.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(code);
    for (const plain of [await fetchRaw(server, '/assets/app-1a2b.js', 'identity'), await fetchRaw(server, '/assets/app-1a2b.js')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/);
      expect(plain.body.toString()).toBe(code);
    }
  });

  it('answers an asset the build does not have (an older build’s chunk) with a plain 404, never cached', async () => {
    for (const path of ['/assets/app-0000.js', '/assets/a/b.css', '/assets/app-1a2b.js.map']) {
      const res = await fetchRaw(server, path, 'gzip, deflate, br');
      expect([path, res.status, res.headers['cache-control']]).toEqual([path, 404, 'no-store']);
      expect(res.body.toString()).toBe('No existe lo que buscas.');
    }
  });

  it('compresses API answers over 1 KB as they leave, and leaves small ones alone', async () => {
    const docs = await fetchRaw(server, '/api/docs-json', 'gzip');
    expect(docs.status).toBe(200);
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(docs.body).toString())).toMatchObject({ info: { title: 'TCG Shop API' } });
    const health = await fetchRaw(server, '/api/health', 'gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
  });
});
