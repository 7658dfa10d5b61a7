import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast/toast-provider';
import { useChangeOrderStatus } from '@/features/admin/orders/api/change-order-status';
import { useAddStock } from '@/features/admin/stock-check/api/add-stock';
import { stockCheckQueryOptions } from '@/features/admin/stock-check/api/get-stock-check';
import { searchCards } from '@/features/catalog/api/search-cards';
import { getSetCards } from '@/features/catalog/api/get-set-cards';
import { emptyFilters } from '@/features/catalog/filters/catalog-filters.state';
import { callsTo, mockApi } from '@/testing/catalog-fixtures';

const empty = { hits: [], total: 0, page: 1, pageSize: 12, totalPages: 0, facets: { language: [], rarity: [] } };

it('after an admin adds stock, the cached catalogue is refetched and its reads wait for that write', async () => {
  const api = mockApi({
    '/api/search': () => empty,
    '/api/sets/LOB/cards': () => empty,
    '/api/admin/cards/c1/stock': () => ({ card: { id: 'c1' }, position: 4242 }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await queryClient.fetchQuery({ queryKey: ['search', 'mirror force', emptyFilters], queryFn: () => searchCards('mirror force', emptyFilters), staleTime: 60_000 });
  await queryClient.fetchQuery({ queryKey: ['admin', 'orders'], queryFn: async () => 'untouched', staleTime: 60_000 });
  expect(callsTo(api, '/api/search')[0].get('position')).toBeNull();

  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useAddStock(), { wrapper });
  await act(() => result.current.mutateAsync({ cardId: 'c1', body: { quantity: 10, unitCost: 100 }, idempotencyKey: 'k1' }));

  await waitFor(() => expect(queryClient.getQueryState(['search', 'mirror force', emptyFilters])?.isInvalidated).toBe(true));
  expect(queryClient.getQueryState(['admin', 'orders'])?.isInvalidated).toBe(false);
  await searchCards('mirror force', emptyFilters);
  await getSetCards('LOB', emptyFilters);
  expect(callsTo(api, '/api/search').at(-1)?.get('position')).toBe('4242');
  expect(callsTo(api, '/api/sets/LOB/cards').at(-1)?.get('position')).toBe('4242');
});

it('after an order is cancelled, the stock audit waits for it, in this page and after a reload of the tab', async () => {
  const api = mockApi({
    '/api/admin/orders/o1/cancel': () => ({ status: 'anulado', position: 5150 }),
    '/api/admin/stock-check': () => ({ cards: [], page: 1, pageSize: 50, total: 0, totalPages: 0 }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The order's mutation says a failure in a toast.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useChangeOrderStatus(), { wrapper });
  await act(() => result.current.mutateAsync({ orderId: 'o1', action: 'cancel' }));
  await queryClient.fetchQuery(stockCheckQueryOptions({ q: '', onlyDiff: false, page: 1 }));
  expect(callsTo(api, '/api/admin/stock-check').at(-1)?.get('position')).toBe('5150');

  // A reload: the modules start again, and the tab's storage is what is left of the page.
  let reloaded = '';
  await jest.isolateModulesAsync(async () => {
    const { stockCheckUrl } = await import('@/features/admin/stock-check/api/get-stock-check');
    reloaded = stockCheckUrl({ q: 'kuriboh', onlyDiff: true, page: 1 });
  });
  expect(reloaded).toBe('/api/admin/stock-check?q=kuriboh&onlyDiff=true&position=5150');
});
