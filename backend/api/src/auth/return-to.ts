const BASE = 'http://return-to.invalid';
const MAX_LENGTH = 2048;

/**
 * Where to send the browser after sign-in: a path on this shop, never another site (no open
 * redirects) and never the API itself. Anything doubtful becomes the home page.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return '/';
  // `//host` and `/\host` are protocol-relative to browsers; control characters hide either.
  if (!value.startsWith('/') || /^\/[/\\]/.test(value) || /[\p{Cc}\\]/u.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return '/';
  }
  // In any letter case: the API's routes match '/API/…' too (security review).
  const path = url.pathname.toLowerCase();
  if (url.origin !== BASE || path === '/api' || path.startsWith('/api/')) return '/';
  // Dot segments collapse in the parse: '/.//evil.example' becomes '//evil.example'. Checked again.
  if (/^\/[/\\]/.test(url.pathname)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
