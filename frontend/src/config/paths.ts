import { storefrontPaths } from '@tcg/domain';

/** Every in-app URL built in more than one place, so a route rename is one edit. */
export const paths = {
  home: '/',
  cart: '/cart',
  checkout: '/checkout',
  login: '/login',
  about: '/about',
  contact: '/contact',
  privacy: '/privacidad',
  moreProducts: '/category/more-products',
  set: storefrontPaths.set,
  product: storefrontPaths.product,
  search: (query: string) => `/search?q=${encodeURIComponent(query)}`,
} as const;
