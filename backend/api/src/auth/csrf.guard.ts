import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ApiError } from '../web/api-exception.filter';
import { authMessages } from './auth.messages';

/** The header the storefront sends with every state-changing request (frontend/src/lib/api-client.ts). */
export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'tcg';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Global guard against cross-site request forgery. A page on another site cannot add a custom header
 * without a CORS preflight (which this API never grants), and browsers name the page's origin, so a
 * state-changing request must carry the header and, when the browser says where it comes from, come
 * from this shop.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(req.method)) return true;
    const fromThisShop =
      req.get(CSRF_HEADER) === CSRF_HEADER_VALUE && req.get('sec-fetch-site') !== 'cross-site' && this.originAllowed(req);
    if (!fromThisShop) throw new ApiError(403, 'csrf_refused', authMessages.csrfRefused);
    return true;
  }

  private originAllowed(req: Request): boolean {
    const origin = req.get('origin');
    if (origin === undefined) return true;
    // The public origin behind a proxy; the request's own host for the embedded shop and the dev server's proxy.
    return origin === this.config.auth.publicUrl || origin === `${req.protocol}://${req.get('host')}`;
  }
}
