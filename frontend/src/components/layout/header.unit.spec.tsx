import { messages } from '@tcg/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderApp } from '@/testing/test-utils';

const sets = Array.from({ length: 12 }, (_, i) => ({
  id: `SET${i}`,
  name: `Set número ${i}`,
  releaseDate: '2024-01-01',
  imageUrl: null,
}));

beforeEach(() => {
  window.localStorage.clear();
  mockFetch({ '/api/sets/latest': { sets }, '/api/home': { slides: [], mostWanted: [], latestSets: [] } });
});

const searchBox = () => screen.getByRole('searchbox', { name: messages.catalog.searchPlaceholder });

describe('header search', () => {
  it('goes to /search?q= on Enter', async () => {
    const { user, router } = renderApp('/about');
    await user.type(searchBox(), 'dark magician{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=dark%20magician');
  });

  it('goes to /search?q= with the button', async () => {
    const { user, router } = renderApp('/about');
    await user.type(searchBox(), 'Ash');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/search?q=Ash');
  });

  it('ignores a blank query', async () => {
    const { user, router } = renderApp('/about');
    await user.type(searchBox(), '   {Enter}');
    expect(router.state.location.pathname).toBe('/about');
  });

  it('is cleared on route change', async () => {
    const { user, router } = renderApp('/about');
    await user.type(searchBox(), 'Kuriboh');
    expect(searchBox()).toHaveValue('Kuriboh');
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Inicio' }));
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(searchBox()).toHaveValue(''));
  });

  it('searching again from the results takes the focus to the new results, not to <body>', async () => {
    const { user, router } = renderApp('/search?q=dragon');
    await user.type(searchBox(), 'magician{Enter}');
    expect(router.state.location.search).toBe('?q=magician');
    expect(screen.getByRole('main')).toHaveFocus();
    await waitFor(() => expect(searchBox()).toHaveValue(''));
  });
});

describe('navigation', () => {
  it('lists the 10 newest sets under Yu-Gi-Oh!, each linking to its catalogue', async () => {
    const { user } = renderApp('/about');
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    const toggle = within(nav).getByRole('button', { name: /Yu-Gi-Oh!/ });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const links = await within(nav).findAllByRole('link', { name: /Set número/ });
    expect(links).toHaveLength(10);
    expect(links[0]).toHaveAttribute('href', '/categoria/yugioh/SET0');
    expect(within(nav).getByRole('link', { name: 'More Products' })).toHaveAttribute(
      'href',
      '/category/more-products',
    );
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the Yu-Gi-Oh! menu on Escape from one of its links and puts focus back on its button', async () => {
    const { user } = renderApp('/about');
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    const toggle = within(nav).getByRole('button', { name: /Yu-Gi-Oh!/ });
    await user.click(toggle);
    await within(nav).findAllByRole('link', { name: /Set número/ });
    await user.tab();
    expect(within(nav).getByRole('link', { name: 'Set número 0' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('keeps the Yu-Gi-Oh! menu open while Tab moves through it and closes it when focus leaves', async () => {
    const { user } = renderApp('/about');
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    const toggle = within(nav).getByRole('button', { name: /Yu-Gi-Oh!/ });
    await user.click(toggle);
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const panelLinks = await within(panel).findAllByRole('link');
    for (const link of panelLinks) {
      await user.tab();
      expect(link).toHaveFocus();
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
    }
    await user.tab();
    expect(within(nav).getByRole('link', { name: 'More Products' })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the mobile menu and closes it on Escape', async () => {
    const { user } = renderApp('/about');
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const menu = screen.getByRole('dialog', { name: 'Menú' });
    expect(await within(menu).findByRole('link', { name: 'Set número 3' })).toHaveAttribute(
      'href',
      '/categoria/yugioh/SET3',
    );
    expect(within(menu).getByRole('link', { name: 'More Products' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menú' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir menú' })).toHaveFocus();
  });

  it('closes the mobile menu when a link is followed', async () => {
    const { user, router } = renderApp('/about');
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Carrito' }));
    expect(router.state.location.pathname).toBe('/cart');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('cart icon', () => {
  it('shows the item count and a mini cart with lines and subtotal', async () => {
    window.localStorage.setItem(
      'cart',
      JSON.stringify([
        { id: 'a', name: 'Pot of Greed', price: 350, quantity: 3, image: null, maxStock: 5, setCode: 'LOB-119', rarity: 'Rare', edition: 'Unlimited' },
        { id: 'b', name: 'Raigeki', price: 1000, quantity: 1, image: null, maxStock: 1, setCode: 'LOB-053', rarity: 'Super Rare', edition: 'Unlimited' },
      ]),
    );
    renderApp('/about');
    const cartLink = screen.getByRole('link', { name: 'Carrito, 4 productos' });
    expect(cartLink).toHaveAttribute('href', '/cart');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('4');
    expect(screen.getByText('3 × S/ 3.50')).toBeInTheDocument();
    expect(screen.getByText('S/ 10.50')).toBeInTheDocument();
    expect(screen.getByText('S/ 20.50')).toBeInTheDocument();
  });

  it('hides the mini cart on Escape without moving focus, and shows it again on the next focus or hover', async () => {
    const { user } = renderApp('/about');
    const cartLink = screen.getByRole('link', { name: 'Carrito, 0 productos' });
    const miniCart = screen.getByTestId('mini-cart');
    act(() => cartLink.focus());
    expect(miniCart).toBeVisible();
    await user.keyboard('{Escape}');
    expect(miniCart).not.toBeVisible();
    expect(cartLink).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab();
    expect(cartLink).toHaveFocus();
    expect(miniCart).toBeVisible();
    await user.keyboard('{Escape}');
    await user.hover(cartLink);
    expect(miniCart).toBeVisible();
  });

  it('gives the focus back to the cart link when Escape hides the mini cart with the focus inside it', async () => {
    window.localStorage.setItem('cart', JSON.stringify([{ id: 'a', name: 'Carta A', price: 1000, quantity: 1, image: null, maxStock: 3, setCode: 'LOB-EN001', rarity: 'Ultra Rare', edition: 'Unlimited' }]));
    const { user } = renderApp('/about');
    const cartLink = screen.getByRole('link', { name: 'Carrito, 1 producto' });
    const miniCart = screen.getByTestId('mini-cart');
    act(() => cartLink.focus());
    await user.tab();
    expect(miniCart).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(miniCart).not.toBeVisible();
    expect(cartLink).toHaveFocus();
  });

  // Before: the mini cart listed the price a line was added at, after the shop had changed it.
  it('asks the shop again for the lines when the mini cart shows, at most every 30 s, and shows the new price', async () => {
    window.localStorage.setItem('cart', JSON.stringify([{ id: 'a', name: 'Raigeki', price: 1000, quantity: 2, image: null, maxStock: 3, setCode: 'LOB-053', rarity: 'Super Rare', edition: 'Unlimited' }]));
    const fetch = mockFetch({
      '/api/sets/latest': { sets },
      '/api/cart/check': { cards: [{ id: 'a', name: 'Raigeki', price: 1200, stockFinal: 3 }] },
    });
    const { user } = renderApp('/about');
    const checks = () => fetch.mock.calls.filter(([input]) => String(input).endsWith('/api/cart/check')).length;
    expect(screen.getByText('2 × S/ 10.00')).toBeInTheDocument();
    await user.hover(screen.getByRole('link', { name: 'Carrito, 2 productos' }));
    const miniCart = within(screen.getByTestId('mini-cart'));
    expect(await miniCart.findByText('2 × S/ 12.00')).toBeInTheDocument();
    expect(miniCart.getByText('Subtotal').nextSibling).toHaveTextContent('S/ 24.00');
    await user.unhover(screen.getByRole('link', { name: 'Carrito, 2 productos' }));
    await user.hover(screen.getByRole('link', { name: 'Carrito, 2 productos' }));
    expect(checks()).toBe(1);
  });

  it('says the cart is empty', () => {
    renderApp('/about');
    expect(screen.getByRole('link', { name: 'Carrito, 0 productos' })).toBeInTheDocument();
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();
    expect(screen.getByText(messages.cart.empty)).toBeInTheDocument();
  });
});
