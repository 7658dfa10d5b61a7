/**
 * Every page of the storefront, as its router writes them (`frontend/src/app/router.tsx`, whose unit
 * test keeps the two equal). The server answers any other path with the storefront's 'Página no
 * encontrada' and status 404, so a search engine does not keep it as a page.
 */
export const STOREFRONT_PAGES = [
  '',
  'cart',
  'about',
  'contact',
  'privacidad',
  'categoria/yugioh/:set',
  'category/more-products',
  'product/:id',
  'search',
  'login',
  'guest-or-login',
  'checkout',
  'account/sync',
  'account/history',
  'account/*',
  'admin',
  'admin/orders',
  'admin/stock-check',
  'admin/sets',
  'admin/manage-slider',
  'admin/manage-most-wanted',
  'admin/upload-card',
] as const;

/** As the router matches: any case, a `:param` one segment, `*` the rest, a trailing slash allowed. */
const PAGE_PATTERNS = STOREFRONT_PAGES.map(
  (page) => new RegExp(`^/${page.replace(/:[a-z]+/gi, '[^/]+').replace(/\/\*$/, '(?:/.*)?')}/?$`, 'i'),
);

export function isStorefrontPage(pathname: string): boolean {
  return PAGE_PATTERNS.some((pattern) => pattern.test(pathname));
}

/** The addresses of a card's and a set's pages, as the storefront links them and the server names them. */
export const storefrontPaths = {
  product: (cardId: string) => `/product/${encodeURIComponent(cardId)}`,
  set: (setId: string) => `/categoria/yugioh/${encodeURIComponent(setId)}`,
};
