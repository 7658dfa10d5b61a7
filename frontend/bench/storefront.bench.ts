/*
 * Storefront load benchmark: `npm run bench:storefront` (add `-- --json` for one JSON object, `-- --runs N`
 * for more cold loads per page). Needs `npm run build` and Debian's Chromium (/usr/bin/chromium).
 *
 * Starts the built shop on a free port with its embedded database and demo catalogue, then loads its
 * pages in fresh browser contexts (cold caches) as a throttled phone and as a desktop. Each page is loaded
 * twice over: as the shop serves it, and as baseline with `Accept-Encoding: identity` (the same shop and
 * pages, nothing compressed). Prints the medians of largest contentful paint, first contentful paint,
 * layout shift and bytes on the wire, and the ratio shop / baseline.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a workspace tool, not the storefront's code: the benchmarks share one command-line reader.
import { benchArgs } from '@tcg/projections/bench';

const ROOT = join(__dirname, '..', '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Profile {
  name: 'phone' | 'desktop';
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  isMobile: boolean;
  /** CDP network conditions (bytes/s, ms) and CPU slowdown; none for the desktop. */
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
  cpuSlowdown?: number;
}

/** A mid-range phone on a slow 4G link (about Lighthouse's mobile profile), and an unthrottled desktop. */
const PROFILES: Profile[] = [
  {
    name: 'phone',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
    cpuSlowdown: 4,
  },
  { name: 'desktop', viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1, isMobile: false },
];

interface Load {
  lcp: number;
  fcp: number;
  cls: number;
  kb: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function startShop(): Promise<{ base: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tcg-bench-storefront-'));
  const port = await freePort();
  const shop: ChildProcess = spawn(process.execPath, [join(ROOT, 'backend/api/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${base}/api/ready`).then((res) => res.ok, () => false);
    const seeded = ready && (await fetch(`${base}/api/home`).then((res) => res.json() as Promise<{ latestSets: unknown[] }>)).latestSets.length > 0;
    if (seeded) break;
    if (Date.now() > deadline || shop.exitCode !== null) throw new Error('the shop did not start (run npm run build first)');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    base,
    stop: async () => {
      shop.kill('SIGTERM');
      await new Promise((resolve) => shop.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One cold load: a fresh context, so nothing is cached. */
async function load(browser: Browser, profile: Profile, url: string, identity: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: profile.viewport, deviceScaleFactor: profile.deviceScaleFactor, isMobile: profile.isMobile, hasTouch: profile.isMobile });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (identity) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
    if (profile.cpuSlowdown) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => (bytes += event.encodedDataLength));
    await page.addInitScript(() => {
      const seen = { lcp: 0, cls: 0 };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) seen.cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const { lcp, cls, fcp } = await page.evaluate(() => {
      const { seen } = window as unknown as { seen: { lcp: number; cls: number } };
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return { ...seen, fcp: paint?.startTime ?? 0 };
    });
    return { lcp, fcp, cls, kb: bytes / 1024 };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const usage = 'npm run bench:storefront [-- [--json] [--runs N]]\n  --json    one JSON object on stdout\n  --runs N  cold loads per page and variant (default 3)';
  const {
    json,
    numbers: { runs },
  } = benchArgs(usage, { runs: 3 });
  const shop = await startShop();
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const { hits } = (await (await fetch(`${shop.base}/api/search?q=dragon`)).json()) as { hits: { id: string }[] };
    const pages = {
      home: '/',
      set: '/categoria/yugioh/LOB',
      search: '/search?q=dragon',
      product: `/product/${encodeURIComponent(hits[0].id)}`,
    };
    const results: Record<string, Record<string, { shop: Load; baseline: Load; lcpRatio: number; kbRatio: number }>> = {};
    for (const profile of PROFILES) {
      results[profile.name] = {};
      for (const [name, path] of Object.entries(pages)) {
        const samples = { shop: [] as Load[], baseline: [] as Load[] };
        // Alternating, so a change of load on the machine weighs on both.
        for (let run = 0; run < runs; run++) {
          samples.baseline.push(await load(browser, profile, shop.base + path, true));
          samples.shop.push(await load(browser, profile, shop.base + path, false));
        }
        const summary = (loads: Load[]): Load => ({
          lcp: median(loads.map((one) => one.lcp)),
          fcp: median(loads.map((one) => one.fcp)),
          cls: median(loads.map((one) => one.cls)),
          kb: median(loads.map((one) => one.kb)),
        });
        const [shopLoads, baselineLoads] = [summary(samples.shop), summary(samples.baseline)];
        results[profile.name][name] = {
          shop: shopLoads,
          baseline: baselineLoads,
          lcpRatio: Number((shopLoads.lcp / baselineLoads.lcp).toFixed(2)),
          kbRatio: Number((shopLoads.kb / baselineLoads.kb).toFixed(2)),
        };
        if (!json) process.stderr.write(`${profile.name} ${name}: done\n`);
      }
    }
    if (json) {
      console.log(JSON.stringify({ runs, results }));
      return;
    }
    console.log(`Cold loads, median of ${runs}; baseline = the same shop with Accept-Encoding: identity\n`);
    console.log('| profile | page | LCP ms (baseline) | FCP ms (baseline) | CLS (baseline) | KB on the wire (baseline) | LCP ratio | KB ratio |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|');
    for (const [profile, byPage] of Object.entries(results)) {
      for (const [page, { shop: s, baseline: b, lcpRatio, kbRatio }] of Object.entries(byPage)) {
        console.log(
          `| ${profile} | ${page} | ${s.lcp.toFixed(0)} (${b.lcp.toFixed(0)}) | ${s.fcp.toFixed(0)} (${b.fcp.toFixed(0)}) | ${s.cls.toFixed(3)} (${b.cls.toFixed(3)}) | ${s.kb.toFixed(0)} (${b.kb.toFixed(0)}) | ${lcpRatio.toFixed(2)} | ${kbRatio.toFixed(2)} |`,
        );
      }
    }
  } finally {
    await browser.close();
    await shop.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
