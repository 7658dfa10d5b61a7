import type { Location } from 'react-router-dom';

const SIGN_IN_PATHS = new Set(['/login', '/guest-or-login']);

/**
 * The in-shop path to come back to after sign-in. Same rule as the server (a relative path, never
 * //host or the API); the sign-in pages themselves map to / (spec: /login maps to /).
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || /^\/[/\\]/.test(value) || /[\p{Cc}\\]/u.test(value)) return '/';
  const path = value.split(/[?#]/)[0];
  if (SIGN_IN_PATHS.has(path) || path === '/api' || path.startsWith('/api/')) return '/';
  return value;
}

export function currentPath(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** A sign-in page URL that remembers where the shopper was. */
export function signInPath(page: '/login' | '/guest-or-login', from: string): string {
  const returnTo = safeReturnTo(from);
  return returnTo === '/' ? page : `${page}?returnTo=${encodeURIComponent(returnTo)}`;
}

export function googleSignInUrl(returnTo: string): string {
  return `/api/auth/google?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`;
}
