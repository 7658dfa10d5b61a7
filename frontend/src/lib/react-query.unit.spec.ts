import { ApiError } from './api-client';
import { ownedByAccount, retryTransient } from './react-query';

it('tries once more after a dropped connection, a server error or a rate limit', () => {
  for (const error of [new TypeError('Failed to fetch'), new ApiError('x', 500, 'internal'), new ApiError('x', 503, 'unavailable'), new ApiError('x', 429, 'too_many_requests')]) {
    expect(retryTransient(0, error)).toBe(true);
    expect(retryTransient(1, error)).toBe(false);
  }
});

it('takes a 4xx answer as final: a missing set or card is said at once', () => {
  for (const status of [400, 401, 403, 404]) expect(retryTransient(0, new ApiError('x', status, 'e'))).toBe(false);
});

it("counts as the account's every query but the catalogue's, the sign-in options and the account itself", () => {
  for (const key of [['orders', 'mine', null], ['admin', 'orders', { page: 1 }], ['auth', 'discord'], ['checkout', 'x']]) expect(ownedByAccount(key)).toBe(true);
  for (const key of [['home'], ['sets', 'latest'], ['cards', 'x'], ['search', 'dragon', {}], ['auth', 'config'], ['auth', 'me']]) expect(ownedByAccount(key)).toBe(false);
});
