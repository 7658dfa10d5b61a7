import type { HomeResponse } from '@tcg/domain';
import { screen, within } from '@testing-library/react';
import { jsonResponse, mockFetch, renderApp } from '@/testing/test-utils';

const home: HomeResponse = {
  slides: [
    {
      id: 's1',
      title: 'Nuevo set',
      desktopUrl: 'https://img.example/s1-desktop.webp',
      mobileUrl: 'https://img.example/s1-mobile.webp',
      alt: 'Banner del nuevo set',
      link: '/categoria/yugioh/ROTA',
      order: 0,
    },
  ],
  mostWanted: [
    {
      id: 'm1',
      cardId: 'ash',
      defaultName: 'Ash Blossom & Joyous Spring',
      set: 'Maximum Crisis',
      imageSmallUrl: null,
      price: 4550,
      inStock: true,
      link: '/product/ash',
    },
    {
      id: 'm2',
      cardId: 'nibiru',
      defaultName: 'Nibiru, the Primal Being',
      set: 'Toon Chaos',
      imageSmallUrl: null,
      price: null,
      inStock: false,
      link: 'https://example.com/nibiru',
    },
  ],
  latestSets: [
    { id: 'ROTA', name: 'Rage of the Abyss', releaseDate: '2024-11-01', imageUrl: null },
    { id: 'SUDA', name: 'Supreme Darkness', releaseDate: '2024-07-25', imageUrl: 'https://img.example/suda.webp' },
  ],
};

beforeEach(() => window.localStorage.clear());

it('renders the latest sets from the API, linking to their catalogue with the es-PE release date', async () => {
  const fetch = mockFetch({ '/api/home': home, '/api/sets/latest': { sets: [] } });
  renderApp('/');

  const sets = await screen.findByRole('region', { name: 'Últimos sets' });
  const rota = within(sets).getByRole('link', { name: /Rage of the Abyss/ });
  expect(rota).toHaveAttribute('href', '/categoria/yugioh/ROTA');
  expect(rota).toHaveTextContent('1/11/2024');
  expect(within(sets).getByRole('link', { name: /Supreme Darkness/ })).toHaveTextContent('25/7/2024');
  expect(fetch).toHaveBeenCalledWith('/api/home', expect.anything());
});

it('renders Most Wanted with prices in soles, sold-out badges and external links in a new tab', async () => {
  mockFetch({ '/api/home': home, '/api/sets/latest': { sets: [] } });
  renderApp('/');

  const mostWanted = await screen.findByRole('region', { name: 'Most Wanted' });
  const ash = within(mostWanted).getByRole('link', { name: /Ash Blossom/ });
  expect(ash).toHaveAttribute('href', '/product/ash');
  // The card's name once: its picture is the tile's, and the name is written under it.
  expect(ash).toHaveAccessibleName(/^Ash Blossom & Joyous Spring [^A]/);
  expect(ash).toHaveTextContent('S/ 45.50');
  const nibiru = within(mostWanted).getByRole('link', { name: /Nibiru/ });
  expect(nibiru).toHaveAttribute('href', 'https://example.com/nibiru');
  expect(nibiru).toHaveAttribute('target', '_blank');
  expect(nibiru).toHaveTextContent('Agotado');
});

it('shows the slide with desktop and mobile images', async () => {
  mockFetch({ '/api/home': home, '/api/sets/latest': { sets: [] } });
  const { container } = renderApp('/');

  expect(await screen.findByRole('img', { name: 'Banner del nuevo set' })).toHaveAttribute(
    'src',
    'https://img.example/s1-desktop.webp',
  );
  expect(container.querySelector('source')).toHaveAttribute('srcset', 'https://img.example/s1-mobile.webp');
});

it('hides the slider without slides and shows an empty state without sets', async () => {
  mockFetch({ '/api/home': { slides: [], mostWanted: [], latestSets: [] }, '/api/sets/latest': { sets: [] } });
  renderApp('/');

  expect(await screen.findByText(/Aún no hay sets publicados\. Vuelve pronto/)).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Destacados' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Most Wanted' })).not.toBeInTheDocument();
});

it('shows skeletons while loading', async () => {
  mockFetch({ '/api/home': () => new Promise<Response>(() => undefined) as unknown as Response });
  renderApp('/');
  expect(await screen.findByTestId('home-skeleton')).toBeInTheDocument();
});

it('shows the API error message', async () => {
  mockFetch({
    '/api/home': () => jsonResponse({ statusCode: 503, code: 'UNAVAILABLE', message: 'Servicio no disponible' }, 503),
    '/api/sets/latest': { sets: [] },
  });
  renderApp('/');
  expect(await screen.findByRole('alert')).toHaveTextContent('Servicio no disponible');
});
