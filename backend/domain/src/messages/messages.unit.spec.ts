import { messages } from './messages';

describe('the counts in messages', () => {
  it('are written as Peru writes numbers, grouped by thousands', () => {
    expect(messages.catalog.inStock(5)).toBe('5 en stock');
    expect(messages.catalog.inStock(300_008)).toBe('300,008 en stock');
    expect(messages.cart.onlyAvailable(3)).toBe('Solo hay 3 unidades disponibles');
    expect(messages.cart.onlyAvailable(1_500)).toBe('Solo hay 1,500 unidades disponibles');
  });
});
