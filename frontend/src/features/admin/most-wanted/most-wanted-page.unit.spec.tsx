import { screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderApp } from '@/testing/test-utils';
import { mockAdminFetch } from '../slider/testing/admin-fetch';
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
