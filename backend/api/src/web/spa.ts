import { isStorefrontPage } from '@tcg/domain';
import express, { type ErrorRequestHandler, type Express, type RequestHandler, type Router } from 'express';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Logger } from '../logging/logger';
import { type PreviewOf, withPreview } from './link-preview';

/** The copies the build writes beside each text asset (tools/precompress.js), most compact first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * Answers an asset with its brotli or gzip copy when the browser takes one: the same bytes it would
 * unpack, its own content type, and `Vary: Accept-Encoding` for caches. Only names the build wrote are
 * looked at (read once from the folder), so a path never reaches the disk unchecked.
 */
function precompressed(dir: string): RequestHandler {
  const names = new Set(readdirSync(dir));
  return (req, res, next) => {
    const name = req.path.slice(1);
    const copies = PRECOMPRESSED.filter(({ suffix }) => names.has(name + suffix));
    if ((req.method !== 'GET' && req.method !== 'HEAD') || copies.length === 0) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    // Browsers list "gzip, deflate, br" at equal weight; the shop prefers the smaller one it has.
    const copy = copies.find(({ encoding }) => req.acceptsEncodings(encoding) === encoding);
    if (!copy) return next();
    res.type(extname(name));
    res.setHeader('Content-Encoding', copy.encoding);
    req.url = `/${name}${copy.suffix}`;
    next();
  };
}

/**
 * An asset the build does not have (a page still running an older build asks for its chunks after a
 * deploy, or anyone asks for anything): 404, never cached, instead of the static handler's error passed on
 * as a 500 and an error in the log.
 */
const missingAsset: ErrorRequestHandler = (error: { status?: number }, _req, res, next) => {
  if (error.status !== 404) return next(error);
  res.status(404).setHeader('Cache-Control', 'no-store');
  res.type('text/plain').send('No existe lo que buscas.');
};

/** How long a page waits for its link preview before it is sent with the shop's own title. */
const PREVIEW_WAIT_MS = 500;

/**
 * Serves the built storefront on the API's port: hashed assets cached for a year (compressed at build
 * time), index.html never cached, and every non-API GET answered with index.html so client routes
 * survive a reload. A card's or a set's page carries its own title and Open Graph tags (`previewOf`),
 * since a chat app shows a shared link from the HTML alone; one the shop does not have answers 404, as
 * does any path that is no page of the storefront (`STOREFRONT_PAGES`).
 * `robots.txt` and the sitemaps (`crawlerFiles`) list the pages for search engines.
 */
export function serveFrontend(
  app: Express,
  distDir: string,
  logger: Logger,
  pages: { previewOf: PreviewOf; crawlerFiles: Router; rateLimit: RequestHandler },
): void {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) {
    logger.warn({ distDir }, 'frontend build not found; serving the API only (run npm run build)');
    return;
  }
  const assets = join(distDir, 'assets');
  app.use('/assets', precompressed(assets), express.static(assets, { immutable: true, maxAge: '365d', index: false, fallthrough: false }), missingAsset);
  app.use(express.static(distDir, { index: false, maxAge: '1h' }));
  // The sitemaps read the catalogue: counted as pages are (robots.txt is a constant).
  app.get(/^\/sitemap[^/]*\.xml$/i, pages.rateLimit);
  app.use(pages.crawlerFiles);
  const indexHtml = readFileSync(index, 'utf8');
  // Express routes case-insensitively, so /API/home is the API's: its 404 is JSON, not the storefront's page.
  app.get(/^\/(?!api(\/|$)).*/i, pages.rateLimit, async (req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    // The storefront shows its 'Página no encontrada'; the status tells a search engine.
    if (!isStorefrontPage(req.path)) return res.status(404).type('html').send(indexHtml);
    const preview = await previewIn(pages.previewOf, req.path).catch((error: unknown) => {
      logger.warn({ err: error, path: req.path }, 'page sent without its link preview');
      return null;
    });
    if (preview === null) return res.sendFile(index);
    if (preview === 'missing') return res.status(404).type('html').send(indexHtml);
    res.type('html').send(withPreview(indexHtml, preview));
  });
}

function previewIn(previewOf: PreviewOf, path: string): ReturnType<PreviewOf> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no preview within ${PREVIEW_WAIT_MS} ms`)), PREVIEW_WAIT_MS);
  });
  return Promise.race([previewOf(path), late]).finally(() => clearTimeout(timer));
}
