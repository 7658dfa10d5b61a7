import { jsonResponse } from '@/testing/test-utils';
import { frameAnswers, signedInAs } from '../../dashboard/testing/admin-session';

type Answer = (body: unknown) => Response | Promise<Response>;

/**
 * `fetch` answered by `METHOD path` (the admin tools use one path for several methods), with the
 * shop's frame and a signed-in admin; anything else is a 404 in the API's error shape.
 */
export function mockAdminFetch(answers: Record<string, Answer>): jest.Mock {
  const frame: Record<string, unknown> = { ...frameAnswers, '/api/auth/me': signedInAs.admin };
  const mock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const key = `${(init.method ?? 'GET').toUpperCase()} ${path}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    if (key in answers) return answers[key](body);
    if (path in frame) return jsonResponse(frame[path]);
    return jsonResponse({ statusCode: 404, code: 'NOT_FOUND', message: `Sin respuesta para ${key}` }, 404);
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** The bodies sent with `METHOD path`, in order. */
export const sentBodies = (fetchMock: jest.Mock, method: string, path: string): unknown[] =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
