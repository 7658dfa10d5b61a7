import { messages } from '@tcg/domain';
import { screen, waitFor } from '@testing-library/react';
import { jsonResponse, mockFetch, renderApp } from '@/testing/test-utils';
import type { DiscordLinkResponse } from './api/get-discord-link';

const customer = {
  user: { id: 'u1', name: 'Lucía Quispe', firstName: 'Lucía', email: 'cliente@demo.tcg.pe', phone: '987654321' },
  isAdmin: false,
};
const lucia = { id: '80351110224678912', avatar: 'a_8342729096ea3675442027381ff50dfe', username: 'lucia.duelos', global_name: 'Lucía' };

/** The shop's API with a Discord link the tests can change: disconnect answers like the server. */
function shop(initial: DiscordLinkResponse | (() => Response), me: unknown = customer) {
  let link = initial;
  const fetch = mockFetch({
    '/api/sets/latest': { sets: [] },
    '/api/auth/config': { devLogin: false, google: true },
    '/api/auth/me': me,
    '/api/auth/discord/user': () => (typeof link === 'function' ? link() : jsonResponse(link)),
    '/api/auth/discord/disconnect': () => jsonResponse((link = { user: null, available: true })),
  });
  const calls = (path: string) => fetch.mock.calls.filter(([input]) => input === path).map(([, init]) => init as RequestInit);
  return { calls };
}

const where = (router: ReturnType<typeof renderApp>['router']) => `${router.state.location.pathname}${router.state.location.search}`;

beforeEach(() => window.localStorage.clear());

describe('outcome of the trip to Discord', () => {
  it('announces a successful link and drops the parameter from the URL', async () => {
    shop({ user: lucia, available: true });
    const { router } = renderApp('/account/sync?discord=success');
    expect(await screen.findByText(messages.discord.connected)).toBeInTheDocument();
    await waitFor(() => expect(where(router)).toBe('/account/sync'));
    expect(screen.getAllByText(messages.discord.connected)).toHaveLength(1);
    expect(await screen.findByText('Lucía')).toBeInTheDocument();
  });

  it('announces a failed link as an error and drops the parameter from the URL', async () => {
    shop({ user: null, available: true });
    const { router } = renderApp('/account/sync?discord=error');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.discord.failed);
    await waitFor(() => expect(where(router)).toBe('/account/sync'));
    expect(screen.queryByText(messages.discord.connected)).not.toBeInTheDocument();
  });

  it('announces no success a typed link claims when the account is not linked, and drops the parameter', async () => {
    shop({ user: null, available: true });
    const { router } = renderApp('/account/sync?discord=success');
    expect(await screen.findByRole('link', { name: 'Conectar Discord' })).toBeInTheDocument();
    await waitFor(() => expect(where(router)).toBe('/account/sync'));
    expect(screen.queryByText(messages.discord.connected)).not.toBeInTheDocument();
  });

  it('announces nothing without the parameter', async () => {
    shop({ user: null, available: true });
    renderApp('/account/sync');
    expect(await screen.findByRole('link', { name: 'Conectar Discord' })).toBeInTheDocument();
    expect(screen.queryByText(messages.discord.connected)).not.toBeInTheDocument();
    expect(screen.queryByText(messages.discord.failed)).not.toBeInTheDocument();
  });
});

describe('sync page', () => {
  it('shows a skeleton while the link loads', async () => {
    shop(() => new Promise<Response>(() => undefined) as unknown as Response);
    renderApp('/account/sync');
    expect(await screen.findByTestId('account-sync-skeleton')).toBeInTheDocument();
  });

  it('offers to connect through the server-side start when not linked', async () => {
    shop({ user: null, available: true });
    renderApp('/account/sync');
    expect(await screen.findByRole('link', { name: 'Conectar Discord' })).toHaveAttribute('href', '/api/auth/discord/start');
    expect(screen.getByText('Tu cuenta aún no está conectada a Discord.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desconectar' })).not.toBeInTheDocument();
  });

  it('says the link is unavailable when the shop has no Discord client', async () => {
    shop({ user: null, available: false });
    renderApp('/account/sync');
    expect(await screen.findByText('La conexión con Discord no está disponible en este momento.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Conectar Discord' })).not.toBeInTheDocument();
  });

  it('shows the linked avatar and display name, and disconnects with the CSRF header', async () => {
    const api = shop({ user: lucia, available: true });
    const { user } = renderApp('/account/sync');
    expect(await screen.findByRole('img', { name: 'Avatar de Lucía' })).toHaveAttribute(
      'src',
      `https://cdn.discordapp.com/avatars/${lucia.id}/${lucia.avatar}.png`,
    );
    expect(screen.getByText('@lucia.duelos')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Conectar Discord' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Desconectar' }));
    expect(await screen.findByRole('link', { name: 'Conectar Discord' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Avatar de Lucía' })).not.toBeInTheDocument();
    expect(api.calls('/api/auth/discord/disconnect')).toEqual([
      expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ 'X-Requested-With': 'tcg' }) }),
    ]);
  });

  it('falls back to the username and Discord’s default avatar', async () => {
    shop({ user: { id: lucia.id, avatar: null, username: 'lucia.duelos', global_name: null }, available: true });
    renderApp('/account/sync');
    const avatar = await screen.findByRole('img', { name: 'Avatar de lucia.duelos' });
    // (80351110224678912 >> 22) % 6 picks Discord's default picture for this id.
    expect(avatar).toHaveAttribute('src', 'https://cdn.discordapp.com/embed/avatars/5.png');
  });

  it('shows the API message when the link cannot be read', async () => {
    shop(() => jsonResponse({ statusCode: 503, code: 'unavailable', message: 'Servicio no disponible' }, 503));
    renderApp('/account/sync');
    expect(await screen.findByRole('alert')).toHaveTextContent('Servicio no disponible');
  });

  it('sends signed-out visitors to sign in, remembering the page', async () => {
    shop({ user: null, available: true }, { user: null, isAdmin: false });
    const { router } = renderApp('/account/sync');
    await waitFor(() => expect(where(router)).toBe('/guest-or-login?returnTo=%2Faccount%2Fsync'));
  });
});
