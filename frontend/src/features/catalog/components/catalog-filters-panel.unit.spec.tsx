import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFilters } from '../filters/catalog-filters.state';
import { CatalogFiltersPanel } from './catalog-filters-panel';

const facets = {
  language: [{ value: 'en', count: 2 }],
  rarity: [
    { value: 'Common', count: 1 },
    { value: 'Secret Rare', count: 1 },
  ],
};

describe('a rarity typed into the URL in another case', () => {
  it('ticks the catalogue’s value, once, and unticks it', async () => {
    const onChange = jest.fn();
    render(
      <CatalogFiltersPanel filters={{ ...emptyFilters, rarities: ['secret rare'] }} facets={facets} options={facets} onChange={onChange} />,
    );
    const group = within(screen.getByRole('group', { name: 'Rareza' }));
    expect(group.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['Common(1)', 'Secret Rare(1)']);
    const secretRare = group.getByRole('checkbox', { name: /Secret Rare/ });
    expect(secretRare).toBeChecked();
    await userEvent.click(secretRare);
    expect(onChange).toHaveBeenLastCalledWith({ rarities: [] });
  });
});
