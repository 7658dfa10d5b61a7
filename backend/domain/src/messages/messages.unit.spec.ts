import { formatUnits, messages } from './messages';

describe('the counts in messages', () => {
  it('are written as Peru writes numbers, grouped by thousands', () => {
    expect(messages.catalog.inStock(5)).toBe('5 en stock');
    expect(messages.catalog.inStock(300_008)).toBe('300,008 en stock');
    expect(messages.cart.onlyAvailable(3)).toBe('Solo hay 3 unidades disponibles');
    expect(messages.cart.onlyAvailable(1_500)).toBe('Solo hay 1,500 unidades disponibles');
  });
});

describe('formatUnits', () => {
  it('groups any count by thousands, signs included, as the screens print quantities and differences', () => {
    expect(formatUnits(7)).toBe('7');
    expect(formatUnits(100_000)).toBe('100,000');
    expect(formatUnits(-1_234)).toBe('-1,234');
    expect(formatUnits(2_500_000_000)).toBe('2,500,000,000');
  });
});
