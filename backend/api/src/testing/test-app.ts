import { INestApplication } from '@nestjs/common';
import { createPostgresTestDatabase, TestDatabase } from '@tcg/projections/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../bootstrap';
import { AppConfig, loadConfig } from '../config/app-config';
import { createLogger, type Logger } from '../logging/logger';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  /** The HTTP server, for supertest. */
  server: Parameters<typeof import('supertest')>[0];
  close(): Promise<void>;
}

/**
 * The real application on a fresh PostgreSQL database of its own (or PGlite under a temp dir when
 * `embedded` is set), listening on no port: supertest drives its HTTP server directly.
 */
export async function startTestApp(env: Record<string, string> = {}, options: { embedded?: boolean; logger?: Logger } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tcg-api-'));
  let database: (TestDatabase & { url: string }) | undefined;
  if (!options.embedded) database = await createPostgresTestDatabase({ migrate: false });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const app = await createApp(config, options.logger ?? createLogger(config.logLevel));
  await app.init();
  return {
    app,
    config,
    server: app.getHttpServer(),
    async close() {
      await app.close();
      await database?.drop();
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
