import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repoRoot = join(__dirname, '..', '..', '..');
const serverEntry = join(repoRoot, 'backend/api/dist/main.js');
const frontendDist = join(repoRoot, 'frontend/dist');

export interface RunningShop {
  baseUrl: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitReady(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited early:\n${output()}`);
    const ready = await fetch(`${baseUrl}/api/ready`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the shop was not ready within ${timeoutMs} ms:\n${output()}`);
}

/**
 * The shop as it ships (built server, built storefront, embedded PGlite) on a free port, with a data
 * directory of its own so each run starts from the demo catalogue. `env` adds settings, e.g. a
 * stand-in CARD_DATABASE_URL.
 */
export async function startShop(env: Record<string, string> = {}): Promise<RunningShop> {
  for (const built of [serverEntry, join(frontendDist, 'index.html')]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npx nx run-many -t build\` first`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tcg-e2e-'));
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), DATA_DIR: dataDir, FRONTEND_DIST: frontendDist, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitReady(baseUrl, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
