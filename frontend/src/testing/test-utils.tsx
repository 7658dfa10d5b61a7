import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';

type FetchRoutes = Record<string, unknown | (() => Response)>;

/**
 * Replaces `fetch` with canned JSON answers by path; unknown paths answer 404 with the API's error
 * shape, so a test that forgets an endpoint sees the same failure the shop would show.
 */
export function mockFetch(answers: FetchRoutes): jest.Mock {
  const mock = jest.fn(async (input: RequestInfo | URL) => {
    const path = String(input instanceof Request ? input.url : input);
    if (!(path in answers)) {
      return jsonResponse({ statusCode: 404, code: 'NOT_FOUND', message: `Sin respuesta para ${path}` }, 404);
    }
    const answer = answers[path];
    return typeof answer === 'function' ? (answer as () => Response)() : jsonResponse(answer);
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    json: async () => body,
  } as Response;
}

/** Renders the real app (providers, layout, lazy routes) at `url`. */
/** Renders the real app (providers, layout, lazy routes) at `entry`: a URL, or a location with its history state. */
export function renderApp(entry: string | { pathname: string; state?: unknown } = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, queryClient };
}
