import { digitsOnly, filterNameInput } from './buyer-fields';

describe('filterNameInput', () => {
  it('keeps letters with accents, ñ, ü, spaces, apostrophes and hyphens', () => {
    expect(filterNameInput("José Núñez-Güemes O'Brien D’Ángelo")).toBe("José Núñez-Güemes O'Brien D’Ángelo");
  });

  it('drops every other character as it is typed', () => {
    expect(filterNameInput('Ana2 <b>Pérez</b>!@#.')).toBe('Ana bPérezb');
  });

  it('stops at 80 characters', () => {
    expect(filterNameInput('a'.repeat(100))).toHaveLength(80);
  });

  it('composes accents typed as separate marks, so they count once', () => {
    expect(filterNameInput('Jose\u0301')).toBe('José');
  });
});

describe('digitsOnly', () => {
  it('keeps the digits of a pasted phone number', () => {
    expect(digitsOnly('+51 987-654-321')).toBe('51987654321');
    expect(digitsOnly('987 654 321')).toBe('987654321');
  });

  it('drops non-ASCII digits', () => {
    expect(digitsOnly('٩٨٧')).toBe('');
  });
});
