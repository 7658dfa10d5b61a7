import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { card } from '@/testing/catalog-fixtures';
import { CardGrid, FIRST_SCREEN_TILES } from './card-grid';

it('loads the pictures of the first screen of tiles at once, the first one first, and the rest as they scroll in', () => {
  const cards = Array.from({ length: 8 }, (_, i) => card({ id: `c${i}`, name: `Carta ${i}`, imageSmallUrl: `/img/${i}.webp` }));
  const { container } = render(
    <MemoryRouter>
      <CardGrid cards={cards} onAddToCart={() => undefined} />
    </MemoryRouter>,
  );
  const images = [...container.querySelectorAll('img')].map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')]);
  expect(images).toEqual([
    ['eager', 'high'],
    ...Array.from({ length: FIRST_SCREEN_TILES - 1 }, () => ['eager', 'auto']),
    ...Array.from({ length: 8 - FIRST_SCREEN_TILES }, () => ['lazy', 'auto']),
  ]);
});
