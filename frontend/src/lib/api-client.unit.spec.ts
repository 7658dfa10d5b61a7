import { jsonResponse } from '@/testing/test-utils';
import { ApiError, api, errorMessage } from './api-client';

const respond = (response: Response | Promise<Response>) => {
  global.fetch = jest.fn(async () => response) as unknown as typeof fetch;
};

it('returns the JSON body of a successful response', async () => {
  respond(jsonResponse({ sets: [] }));
  await expect(api.get('/api/sets/latest')).resolves.toEqual({ sets: [] });
});

it('throws the API message from an error body', async () => {
  respond(jsonResponse({ statusCode: 404, code: 'SET_NOT_FOUND', message: 'Set no encontrado.' }, 404));
  const error = await api.get('/api/sets/X').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ message: 'Set no encontrado.', status: 404, code: 'SET_NOT_FOUND' });
  expect(errorMessage(error)).toBe('Set no encontrado.');
});

it('uses a generic Spanish message when the error body is not the API shape', async () => {
  respond({ ok: false, status: 502, json: async () => Promise.reject(new SyntaxError('html')) } as unknown as Response);
  await expect(api.get('/api/home')).rejects.toMatchObject({ status: 502, message: expect.stringMatching(/^Ocurrió/) });
});

it('reports a connection failure', async () => {
  global.fetch = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
  await expect(api.get('/api/home')).rejects.toMatchObject({ code: 'NETWORK_ERROR', message: expect.stringMatching(/conectar/) });
});

it('posts a JSON body and returns the JSON answer', async () => {
  const fetchMock = jest.fn(async () => jsonResponse({ cards: [] }));
  global.fetch = fetchMock as unknown as typeof fetch;
  await expect(api.post('/api/cart/check', { ids: ['a'] })).resolves.toEqual({ cards: [] });
  expect(fetchMock).toHaveBeenCalledWith(
    '/api/cart/check',
    expect.objectContaining({
      method: 'POST',
      body: '{"ids":["a"]}',
      headers: expect.objectContaining({ 'Content-Type': 'application/json', Accept: 'application/json' }),
    }),
  );
});
