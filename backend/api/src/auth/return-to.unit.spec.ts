import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it.each([
    ['/', '/'],
    ['/cart', '/cart'],
    ['/product/Dark%20Magician_LOB-005?lang=es#top', '/product/Dark%20Magician_LOB-005?lang=es#top'],
    ['/account/history', '/account/history'],
  ])('keeps the shop path %s', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    undefined,
    ['/cart'],
    'cart',
    '//evil.example',
    '/\\evil.example',
    '/.//evil.example/phish',
    '/%2e//evil.example',
    '/a/..//evil.example',
    '/\t/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/api/auth/logout',
    '/api',
    '/API/auth/discord/start',
    '/Api',
    `/${'a'.repeat(3000)}`,
  ])('sends %j home instead', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });
});
