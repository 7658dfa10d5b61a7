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
  global.XMLHttpRequest = xhrAnsweredBy(mock);
  return mock;
}

/**
 * XMLHttpRequest for the code that needs an upload's progress (the checkout's proof), answered by the
 * same routes as `fetch`: the request goes into the mock's calls as `(url, { method, headers, body })`.
 * Its progress jumps to the whole body once the answer is there; `abort()` drops the answer.
 */
function xhrAnsweredBy(answer: jest.Mock): typeof XMLHttpRequest {
  class AnsweredXhr {
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string): void {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string): void {
      this.headers[name] = value;
    }

    abort(): void {
      this.aborted = true;
    }

    send(body: unknown): void {
      void (async () => {
        try {
          const response = (await answer(this.url, { method: this.method, headers: this.headers, body })) as Response;
          if (this.aborted) return;
          this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 } as ProgressEvent);
          this.status = response.status;
          this.responseText = JSON.stringify(await response.json());
          this.onload?.();
        } catch {
          if (!this.aborted) this.onerror?.();
        }
      })();
    }
  }
  return AnsweredXhr as unknown as typeof XMLHttpRequest;
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
