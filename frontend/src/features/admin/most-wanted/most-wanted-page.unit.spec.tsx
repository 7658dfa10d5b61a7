import { screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderApp } from '@/testing/test-utils';
import { mockAdminFetch } from '../slider/testing/admin-fetch';

it('asks for the cards once typing pauses, not per keystroke', async () => {
  const fetch = mockAdminFetch({
    'GET /api/admin/most-wanted': () => jsonResponse({ entries: [] }),
    'GET /api/admin/most-wanted/cards?q=': () => jsonResponse({ cards: [] }),
    'GET /api/admin/most-wanted/cards?q=dragon': () => jsonResponse({ cards: [] }),
  });
  const searched = () => fetch.mock.calls.map(([input]) => String(input)).filter((path) => path.startsWith('/api/admin/most-wanted/cards?q=d'));
  const { user } = renderApp('/admin/manage-most-wanted');
  await user.type(await screen.findByRole('searchbox', { name: 'Buscar cartas' }), 'dragon');
  await waitFor(() => expect(searched()).toContain('/api/admin/most-wanted/cards?q=dragon'));
  expect(searched()).toEqual(['/api/admin/most-wanted/cards?q=dragon']);
});
