import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { PrefetchingPage } from './prefetching-page';

it("asks for a page's data while the page's code is still on its way", async () => {
  const prefetch = jest.fn();
  // A page whose code never arrives: whatever is asked for was asked before it ran.
  const Never = lazy(() => new Promise<never>(() => undefined));
  const router = createMemoryRouter(
    [
      {
        path: 'categoria/:juego/:set',
        element: (
          <PrefetchingPage prefetch={prefetch}>
            <Never />
          </PrefetchingPage>
        ),
      },
    ],
    { initialEntries: ['/categoria/yugioh/LOB?rarities=Common'] },
  );
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  expect(await screen.findByRole('status', { name: 'Cargando' })).toBeInTheDocument();
  expect(prefetch).toHaveBeenCalledTimes(1);
  const [asker, params, search] = prefetch.mock.calls[0];
  expect(asker).toBe(client);
  expect(params).toEqual({ juego: 'yugioh', set: 'LOB' });
  expect(search.get('rarities')).toBe('Common');
});
