import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderApp } from '@/testing/test-utils';
import { frameAnswers, signedInAs } from './testing/admin-session';

const where = (router: ReturnType<typeof renderApp>['router']) => `${router.state.location.pathname}${router.state.location.search}`;

describe('admin dashboard', () => {
  it('links to every admin tool', async () => {
    mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin });
    renderApp('/admin');
    const tools = await screen.findByRole('navigation', { name: 'Herramientas de administración' });
    const links = within(tools)
      .getAllByRole('link')
      .map((link) => [link.querySelector('.admin-tool__title')?.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Pedidos', '/admin/orders'],
      ['Auditoría de stock', '/admin/stock-check'],
      ['Sets', '/admin/sets'],
      ['Slider', '/admin/manage-slider'],
      ['Most Wanted', '/admin/manage-most-wanted'],
      ['Subir Carta Individual', '/admin/upload-card'],
    ]);
  });

  it.each(['/admin', '/admin/orders', '/admin/stock-check'])('sends a customer from %s to the home page', async (page) => {
    mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.customer });
    const { router } = renderApp(page);
    await waitFor(() => expect(where(router)).toBe('/'));
  });

  it.each(['/admin', '/admin/orders', '/admin/stock-check'])(
    'sends a signed-out visitor from %s to sign in, remembering it',
    async (page) => {
      mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.nobody });
      const { router } = renderApp(page);
      await waitFor(() => expect(where(router)).toBe(`/login?returnTo=${encodeURIComponent(page)}`));
    },
  );
});
