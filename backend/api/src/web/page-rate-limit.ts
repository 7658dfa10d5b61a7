import type { ThrottlerStorage } from '@nestjs/throttler';
import type { RequestHandler } from 'express';

/** Storefront pages and crawler files per client address per minute: the API's own limit, per route. */
export const PAGES_PER_MINUTE = 600;
const WINDOW_MS = 60_000;

/**
 * The per-address limit for what the storefront serves outside the API: a card's or set's page looks the
 * card or set up for its link preview, and the sitemaps read the catalogue, so unlimited requests were
 * unlimited database lookups (security review: 700 in a row, none refused). Counted in the API's storage
 * (Redis when there is one); a refusal is a 429 in Spanish with `Retry-After`, never cached.
 */
export function pageRateLimit(storage: ThrottlerStorage, message: string): RequestHandler {
  return (req, res, next) => {
    storage.increment(`pages:${req.ip ?? 'unknown'}`, WINDOW_MS, PAGES_PER_MINUTE, WINDOW_MS, 'pages').then(({ isBlocked, timeToBlockExpire }) => {
      if (!isBlocked) return next();
      res.status(429).setHeader('Retry-After', String(Math.max(1, timeToBlockExpire))).setHeader('Cache-Control', 'no-store');
      res.type('text/plain').send(message);
    }, next);
  };
}
