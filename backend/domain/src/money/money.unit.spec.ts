import fc from 'fast-check';
import { formatSoles, isCents, lineTotal, parseSolesToCents } from './money';

describe('formatSoles', () => {
  it.each([
    [1250, 'S/ 12.50'],
    [0, 'S/ 0.00'],
    [5, 'S/ 0.05'],
    [123456789, 'S/ 1,234,567.89'],
  ])('formats %p céntimos as %p', (cents, text) => {
    expect(formatSoles(cents)).toBe(text);
  });

  it('uses a plain space after the symbol', () => {
    expect(formatSoles(1250)).not.toMatch(/[\u00a0\u202f]/);
  });
});

describe('parseSolesToCents', () => {
  it.each([
    ['12.5', 1250],
    ['12.50', 1250],
    ['12', 1200],
    ['0.29', 29],
    ['1.00', 100],
    [' 7,5 ', 750],
    ['0', 0],
  ])('reads %p as %p céntimos', (text, cents) => {
    expect(parseSolesToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '-1', '12.345', '1e3', '12.', '.5', 'S/ 12.50', '1,234.50'])('refuses %p', (text) => {
    expect(parseSolesToCents(text)).toBeNull();
  });

  it('reads back every amount it formats as a plain decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const plain = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        expect(parseSolesToCents(plain)).toBe(cents);
      }),
    );
  });
});

describe('cents helpers', () => {
  it('accepts only non-negative whole céntimos', () => {
    expect(isCents(0)).toBe(true);
    expect(isCents(1250)).toBe(true);
    expect(isCents(12.5)).toBe(false);
    expect(isCents(-1)).toBe(false);
    expect(isCents('12')).toBe(false);
  });

  it('multiplies a line exactly', () => {
    expect(lineTotal(1999, 3)).toBe(5997);
  });
});
