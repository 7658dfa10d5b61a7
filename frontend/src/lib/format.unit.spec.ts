import { formatDate, formatMoney } from './format';

describe('formatMoney', () => {
  it.each([
    [1250, 'S/ 12.50'],
    [0, 'S/ 0.00'],
    [5, 'S/ 0.05'],
    [100000, 'S/ 1,000.00'],
  ])('formats %i céntimos as %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });
});

describe('formatDate', () => {
  it('shows a release day in Peruvian Spanish without shifting it', () => {
    expect(formatDate('2024-03-05')).toBe('5/3/2024');
  });

  it('shows a timestamp as the day in Lima', () => {
    expect(formatDate('2024-03-06T03:00:00Z')).toBe('5/3/2024');
  });
});
