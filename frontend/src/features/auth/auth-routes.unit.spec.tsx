import { messages } from '@tcg/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { storeConfig } from '@/config/store';
import { api } from '@/lib/api-client';
import { jsonResponse, mockFetch, renderApp } from '@/testing/test-utils';
import type { MeResponse } from './api/get-me';

const lucia = { id: 'u1', name: 'Lucía Quispe', firstName: 'Lucía', email: 'cliente@demo.tcg.pe', phone: '987654321' };
const signedOut: MeResponse = { user: null, isAdmin: false };
const customer: MeResponse = { user: lucia, isAdmin: false };
const admin: MeResponse = { user: { ...lucia, id: 'u2', name: 'Admin Demo', firstName: 'Admin' }, isAdmin: true };

const catalogue = {
  '/api/sets/latest': { sets: [] },
  '/api/home': { slides: [], mostWanted: [], latestSets: [] },
};

/** The shop's API with a session the tests can change: logout and dev sign-in answer like the server. */
function shop(initial: MeResponse, config = { devLogin: false, google: true }) {
  let me = initial;
  const fetch = mockFetch({
    ...catalogue,
    '/api/auth/config': config,
    '/api/auth/me': () => jsonResponse(me),
    '/api/auth/logout': () => jsonResponse((me = signedOut)),
    '/api/auth/dev/login': () => jsonResponse((me = customer)),
  });
  const calls = (path: string) => fetch.mock.calls.filter(([input]) => input === path).map(([, init]) => init as RequestInit);
  return { calls };
}

const where = (router: ReturnType<typeof renderApp>['router']) => `${router.state.location.pathname}${router.state.location.search}`;

beforeEach(() => window.localStorage.clear());

describe('header account slot', () => {
  it('offers sign-in, remembering the page, to signed-out visitors', async () => {
    shop(signedOut);
    renderApp('/about');
    expect(await screen.findByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login?returnTo=%2Fabout');
    expect(screen.queryByText(/^Hola,/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('greets a customer by first name with the account menu and no admin link', async () => {
    shop(customer);
    const { user } = renderApp('/about');
    expect(await screen.findByText('Hola, Lucía')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: /Mi cuenta/ });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const links = within(menu).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Mis pedidos', '/account/history'],
      ['Mis direcciones', '/account/addresses'],
      ['Mis pagos', '/account/payments'],
      ['Vincular Discord', '/account/sync'],
    ]);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the admin link to admins only', async () => {
    shop(admin);
    renderApp('/about');
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(screen.getByText('Hola, Admin')).toBeInTheDocument();
  });

  it('signs out with the CSRF header, clears the greeting and goes home', async () => {
    const api = shop(customer);
    window.localStorage.setItem('savedPhone', JSON.stringify({ userId: 'u1', phone: '955444333' }));
    const { user, router } = renderApp('/about');
    await user.click(await screen.findByRole('button', { name: /Mi cuenta/ }));
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.queryByText('Hola, Lucía')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.calls('/api/auth/logout')).toEqual([expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ 'X-Requested-With': 'tcg' }) })]);
    // The next person on this phone does not find the last one's number (privacy QA).
    expect(window.localStorage.getItem('savedPhone')).toBeNull();
  });

  it.each(['/account/history', '/checkout'])('goes home when signing out on %s, a page that needs an account', async (page) => {
    shop(customer);
    const { user, router } = renderApp(page);
    await user.click(await screen.findByRole('button', { name: /Mi cuenta/ }));
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: messages.auth.signInHeading })).not.toBeInTheDocument();
  });
});

describe('RequireAuth', () => {
  it('shows a loader while the auth check is in flight', async () => {
    mockFetch({ ...catalogue, '/api/auth/me': () => new Promise<Response>(() => undefined) as unknown as Response });
    const { router } = renderApp('/checkout');
    expect(await screen.findByRole('status')).toHaveTextContent('Cargando');
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('sends signed-out shoppers to /guest-or-login, remembering the page and saying why', async () => {
    shop(signedOut);
    const { router } = renderApp('/checkout');
    expect(await screen.findByRole('heading', { name: messages.auth.signInHeading })).toBeInTheDocument();
    expect(where(router)).toBe('/guest-or-login?returnTo=%2Fcheckout');
    expect(await screen.findByText(messages.checkout.mustSignIn)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Continuar con Google/ })).toHaveAttribute('href', '/api/auth/google?returnTo=%2Fcheckout');
  });

  it('says the check did not get through, with a retry, instead of sending a shopper to sign in', async () => {
    let reachable = false;
    mockFetch({
      ...catalogue,
      '/api/auth/me': () => (reachable ? jsonResponse(customer) : Promise.reject(new TypeError('Failed to fetch'))),
    });
    const { router, user } = renderApp('/checkout');
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo conectar con la tienda');
    expect(router.state.location.pathname).toBe('/checkout');
    expect(screen.queryByText(messages.checkout.mustSignIn)).not.toBeInTheDocument();
    reachable = true;
    await user.click(retry);
    expect(await screen.findByRole('heading', { name: messages.checkout.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('lets signed-in shoppers through', async () => {
    shop(customer);
    const { router } = renderApp('/account/history');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Mis pedidos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/history');
  });
});

describe('RequireAdmin', () => {
  it('sends customers home', async () => {
    shop(customer);
    const { router } = renderApp('/admin/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends signed-out visitors to /login with the tool remembered', async () => {
    shop(signedOut);
    const { router } = renderApp('/admin/orders');
    await waitFor(() => expect(where(router)).toBe('/login?returnTo=%2Fadmin%2Forders'));
  });

  it('lets admins in', async () => {
    shop(admin);
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Panel de administración' })).toBeInTheDocument();
  });
});

describe('sign-in page', () => {
  it('points Google at / when there is no origin, and offers no demo accounts unless the server does', async () => {
    shop(signedOut);
    renderApp('/login');
    expect(await screen.findByRole('link', { name: /Continuar con Google/ })).toHaveAttribute('href', '/api/auth/google?returnTo=%2F');
    expect(screen.queryByRole('button', { name: 'Entrar como cliente demo' })).not.toBeInTheDocument();
  });

  // Ley 29733: what the Google name and e-mail are for, said where they are collected.
  it('says what the account is used for and links the privacy policy, which says how to see or erase it', async () => {
    shop(signedOut);
    const { user, router } = renderApp('/login');
    const policy = await within(await screen.findByRole('main')).findByRole('link', { name: 'Política de privacidad' });
    expect(policy.closest('p')).toHaveTextContent('Al iniciar sesión, usamos tu nombre y tu correo de Google solo para tus pedidos.');
    await user.click(policy);
    expect(router.state.location.pathname).toBe('/privacidad');
    expect(await screen.findByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Tus derechos' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: storeConfig.email })).toHaveAttribute('href', `mailto:${storeConfig.email}`);
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute('href', '/privacidad');
  });

  it('never sends the shopper back to another site', async () => {
    shop(signedOut);
    renderApp('/login?returnTo=%2F%2Fevil.example');
    expect(await screen.findByRole('link', { name: /Continuar con Google/ })).toHaveAttribute('href', '/api/auth/google?returnTo=%2F');
  });

  it('signs in a demo customer with the CSRF header and returns to the origin', async () => {
    const api = shop(signedOut, { devLogin: true, google: false });
    const { user, router } = renderApp('/guest-or-login?returnTo=%2Fcart');
    await user.click(await screen.findByRole('button', { name: 'Entrar como cliente demo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(await screen.findByText('Hola, Lucía')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Continuar con Google/ })).not.toBeInTheDocument();
    const [init] = api.calls('/api/auth/dev/login');
    expect(init).toMatchObject({ method: 'POST', body: '{"as":"customer"}', headers: expect.objectContaining({ 'X-Requested-With': 'tcg' }) });
  });

  it('sends a signed-in shopper on at once (/login maps to /)', async () => {
    shop(customer);
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says when Google sign-in failed', async () => {
    shop(signedOut);
    renderApp('/login?error=google');
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos iniciar sesión con Google');
  });

  it.each([
    ['limit', 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.'],
    ['unavailable', 'El inicio de sesión con Google no está disponible en este momento.'],
    ['constructor', 'No pudimos iniciar sesión con Google. Inténtalo de nuevo.'],
  ])('says why sign-in stopped for error=%s', async (error, text) => {
    shop(signedOut);
    renderApp(`/login?error=${error}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('api client', () => {
  it('sends the CSRF header on state-changing requests only', async () => {
    const fetch = mockFetch({ '/api/x': {} });
    await api.get('/api/x');
    await api.post('/api/x', {});
    const [get, post] = fetch.mock.calls.map(([, init]) => (init as RequestInit).headers as Record<string, string>);
    expect(get['X-Requested-With']).toBeUndefined();
    expect(post['X-Requested-With']).toBe('tcg');
  });
});
