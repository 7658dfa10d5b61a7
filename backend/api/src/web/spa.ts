import express, { Express } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../logging/logger';

/**
 * Serves the built storefront on the API's port: hashed assets cached for a year, index.html never
 * cached, and every non-API GET answered with index.html so client routes survive a reload.
 */
export function serveFrontend(app: Express, distDir: string, logger: Logger): void {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) {
    logger.warn({ distDir }, 'frontend build not found; serving the API only (run npm run build)');
    return;
  }
  app.use('/assets', express.static(join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }));
  app.use(express.static(distDir, { index: false, maxAge: '1h' }));
  app.get(/^\/(?!api(\/|$)).*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
