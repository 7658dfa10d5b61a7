import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config';

const DOCS_PATH = '/api/docs';

function headers(production: boolean, inlineStyles: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        scriptSrc: ["'self'"],
        // Swagger UI's page carries <style> blocks; the storefront has none.
        styleSrc: inlineStyles ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        // data: and blob: for the proof preview and the favicon; https: because slides and card images
        // may live on a CDN or a bucket an admin links to.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        // Upgrading would break the embedded shop, which serves plain http on localhost.
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    // As frame-ancestors 'none', for browsers that read only the older header.
    frameguard: { action: 'deny' },
  });
}

/**
 * API routes whose answers belong to one person (their session and Discord link, orders, payment proofs)
 * or to the admin: never kept by a browser or a proxy, so nothing of them is left on a shared computer
 * after signing out. In any letter case, as Express routes them (security QA: `/api/Orders/mine` answered
 * the orders without it).
 */
const PERSONAL_PATHS = /^\/api\/(?:auth|orders|proofs|checkout|admin)(?:\/|$)/i;

/**
 * Browser features the shop never uses, off for it and anything it could be made to load (privacy QA).
 * A proof is picked with a file input, which needs no camera permission.
 */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), browsing-topics=()';

/** helmet on every response (API and storefront), with a CSP that admits only the shop's own code. */
export function securityHeaders(config: AppConfig): RequestHandler {
  const production = config.env === 'production';
  const site = headers(production, false);
  const docs = headers(production, true);
  return (req, res, next) => {
    if (PERSONAL_PATHS.test(req.path)) res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    (req.path.startsWith(DOCS_PATH) ? docs : site)(req, res, next);
  };
}
