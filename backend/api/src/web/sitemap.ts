import { storefrontPaths } from '@tcg/domain';
import type { Database } from '@tcg/projections';
import { type Response, Router } from 'express';
import type { Logger } from '../logging/logger';

/** Card pages per sitemap file (the protocol allows 50,000 URLs and 50 MB; a file stays near 1.5 MB). */
export const CARDS_PER_SITEMAP = 10_000;

/** Pages that are a person's own, or the admin's: nothing for a search engine. */
const PRIVATE_PATHS = ['/admin', '/account', '/checkout', '/cart', '/login', '/guest-or-login', '/api/'];

const STATIC_PAGES = ['/', '/about', '/contact', '/privacidad'];

export interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD. */
  lastModified?: string;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (mark) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[mark]!);

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

/** The sitemap of sitemaps: the shop's pages and sets, then the cards, `CARDS_PER_SITEMAP` a file. */
export function sitemapIndex(publicUrl: string, cards: number): string {
  const files = ['/sitemap-pages.xml', ...Array.from({ length: Math.max(1, Math.ceil(cards / CARDS_PER_SITEMAP)) }, (_, i) => `/sitemap-cards-${i + 1}.xml`)];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map((file) => `  <sitemap><loc>${escapeXml(publicUrl + file)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

export function urlSet(publicUrl: string, entries: readonly SitemapEntry[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(({ path, lastModified }) => `  <url><loc>${escapeXml(publicUrl + path)}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ''}</url>`),
    '</urlset>',
    '',
  ].join('\n');
}

const sendXml = (res: Response, xml: string) => res.setHeader('Cache-Control', 'public, max-age=3600').type('application/xml').send(xml);

/**
 * `/robots.txt` and the sitemaps, for search engines to find every set and card page (and keep out of
 * the private ones). Read from the read models at each request; an hour in caches.
 */
export function crawlerFiles(db: Database, publicUrl: string, logger: Logger): Router {
  const router = Router();
  const answer =
    (build: (res: Response, ...params: string[]) => Promise<unknown>) =>
    (req: { params: Record<string, string> }, res: Response) =>
      build(res, ...Object.values(req.params)).catch((error: unknown) => {
        logger.warn({ err: error }, 'sitemap not answered');
        res.status(503).setHeader('Cache-Control', 'no-store').type('text/plain').send('Sitemap no disponible por ahora.');
      });

  router.get('/robots.txt', (_req, res) => res.setHeader('Cache-Control', 'public, max-age=3600').type('text/plain').send(robotsTxt(publicUrl)));
  router.get(
    '/sitemap.xml',
    answer(async (res) => {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cards');
      sendXml(res, sitemapIndex(publicUrl, rows[0].n));
    }),
  );
  router.get(
    '/sitemap-pages.xml',
    answer(async (res) => {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM sets ORDER BY release_date DESC, id');
      const sets = rows.map((row) => ({ path: storefrontPaths.set(row.id) }));
      sendXml(res, urlSet(publicUrl, [...STATIC_PAGES.map((path) => ({ path })), ...sets]));
    }),
  );
  router.get(
    '/sitemap-cards-:file.xml',
    answer(async (res, file) => {
      const index = /^[1-9][0-9]{0,5}$/.test(file) ? Number(file) : 0;
      const { rows } = await db.query<{ id: string; updated: string }>(
        `SELECT id, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS updated FROM cards ORDER BY id LIMIT $1 OFFSET $2`,
        [CARDS_PER_SITEMAP, Math.max(0, index - 1) * CARDS_PER_SITEMAP],
      );
      // The first file is there for an empty catalogue too, as the index lists it.
      if (index === 0 || (rows.length === 0 && index > 1)) return res.status(404).setHeader('Cache-Control', 'no-store').type('text/plain').send('No existe lo que buscas.');
      sendXml(res, urlSet(publicUrl, rows.map((row) => ({ path: storefrontPaths.product(row.id), lastModified: row.updated }))));
    }),
  );
  return router;
}
