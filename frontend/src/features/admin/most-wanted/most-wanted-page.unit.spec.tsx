import { screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderApp } from '@/testing/test-utils';
import { mockAdminFetch, sentBodies } from '../slider/testing/admin-fetch';
import { LEAVE_UNSAVED } from './components/most-wanted-page';

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

it('asks before leaving with cards ticked and not saved, and stays when told to', async () => {
  const card = { id: 'c1', name: 'Jinzo', defaultName: 'Jinzo', set: "Pharaoh's Servant", setCode: 'PSV-EN000', rarity: 'Secret Rare', imageSmallUrl: null, stockFinal: 2, price: 5000 };
  mockAdminFetch({
    'GET /api/admin/most-wanted': () => jsonResponse({ entries: [] }),
    'GET /api/admin/most-wanted/cards?q=': () => jsonResponse({ cards: [card] }),
  });
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  try {
    const { user } = renderApp('/admin/manage-most-wanted');
    const back = await screen.findByRole('link', { name: '← Panel de administración' });
    await user.click(await screen.findByRole('checkbox', { name: 'Elegir Jinzo (PSV-EN000)' }));
    await user.click(back);
    expect(confirm).toHaveBeenCalledWith(LEAVE_UNSAVED);
    expect(screen.getByRole('checkbox', { name: 'Elegir Jinzo (PSV-EN000)' })).toBeChecked();

    // Unticked again, nothing is lost: no question.
    confirm.mockClear();
    await user.click(screen.getByRole('checkbox', { name: 'Elegir Jinzo (PSV-EN000)' }));
    await user.click(back);
    expect(await screen.findByRole('heading', { name: 'Panel de administración' })).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  } finally {
    confirm.mockRestore();
  }
});

it('puts a newly ticked card first, as the home page lists the newest pick first (spec §7)', async () => {
  const candidate = (id: string, name: string) => ({ id, name, defaultName: name, set: 'Legend of Blue Eyes', setCode: `LOB-${id}`, rarity: 'Common', imageSmallUrl: null, stockFinal: 1, price: 100 });
  const saved = (cardId: string) => ({ cardId, defaultName: cardId, set: 'Legend of Blue Eyes', imageSmallUrl: null, price: 100, inStock: true, link: `/product/${cardId}`, createdAtMs: 1 });
  const fetch = mockAdminFetch({
    'GET /api/admin/most-wanted': () => jsonResponse({ entries: [saved('old-1'), saved('old-2')] }),
    'GET /api/admin/most-wanted/cards?q=': () => jsonResponse({ cards: [candidate('old-1', 'Uno'), candidate('old-2', 'Dos'), candidate('new', 'Nueva')] }),
    'PUT /api/admin/most-wanted': (body) => jsonResponse({ entries: (body as { cardIds: string[] }).cardIds.map(saved) }),
  });
  const { user } = renderApp('/admin/manage-most-wanted');
  await user.click(await screen.findByRole('checkbox', { name: 'Elegir Nueva (LOB-new)' }));
  await user.click(screen.getByRole('button', { name: 'Guardar' }));
  await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/admin/most-wanted')).toEqual([{ cardIds: ['new', 'old-1', 'old-2'] }]));
});
