import { screen, within } from '@testing-library/react';
import { mockFetch, renderApp } from '@/testing/test-utils';

beforeEach(() => {
  window.localStorage.clear();
  mockFetch({
    '/api/sets/latest': { sets: [] },
    '/api/home': { slides: [], mostWanted: [], latestSets: [] },
    '/api/auth/config': { devLogin: false, google: true },
    '/api/auth/me': {
      user: { id: 'u1', name: 'Lucía Quispe', firstName: 'Lucía', email: 'cliente@demo.tcg.pe', phone: '987654321' },
      isAdmin: false,
    },
  });
});

/** Signs Lucía in, opens "Mi cuenta" with a click and returns its button and panel. */
async function openAccountMenu() {
  const view = renderApp('/about');
  const toggle = await screen.findByRole('button', { name: /Mi cuenta/ });
  await view.user.click(toggle);
  const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
  return { ...view, toggle, panel };
}

describe('account menu', () => {
  it('closes when Tab moves focus past its last item, so it no longer covers the focused control', async () => {
    const { user, toggle, panel } = await openAccountMenu();
    const items = [...within(panel).getAllByRole('link'), within(panel).getByRole('button', { name: 'Cerrar sesión' })];
    for (const item of items) {
      await user.tab();
      expect(item).toHaveFocus();
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
    }
    await user.tab();
    expect(screen.getByRole('link', { name: /^Carrito/ })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeInTheDocument();
  });

  it('closes on Escape from inside and puts focus back on "Mi cuenta"', async () => {
    const { user, toggle, panel } = await openAccountMenu();
    await user.tab();
    expect(within(panel).getByRole('link', { name: 'Mis pedidos' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('stays open when a click lands on its own text', async () => {
    const { user, toggle, panel } = await openAccountMenu();
    await user.click(within(panel).getByText('Hola, Lucía'));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});
