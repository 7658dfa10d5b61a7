import { isStorefrontPage } from './storefront-pages';

describe('isStorefrontPage', () => {
  it.each(['/', '/cart', '/Cart/', '/categoria/yugioh/LOB', '/categoria/yugioh/lob/', '/product/Blue-Eyes%20White%20Dragon_LOB-EN001', '/account', '/account/anything/else', '/admin', '/admin/orders', '/search'])(
    'takes %j for a page',
    (path) => {
      expect(isStorefrontPage(path)).toBe(true);
    },
  );

  it.each(['/foo', '/categoria/otro/LOB', '/categoria/yugioh', '/product', '/product/a/b', '/admin/nope', '/cartx', '//cart'])('takes %j for no page', (path) => {
    expect(isStorefrontPage(path)).toBe(false);
  });
});
