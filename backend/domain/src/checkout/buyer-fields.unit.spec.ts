import { filterNameInput, filterPhoneInput } from './buyer-fields';

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

describe('filterPhoneInput', () => {
  it('keeps the digits of a typed or pasted phone number', () => {
    expect(filterPhoneInput('987 654-321')).toBe('987654321');
    expect(filterPhoneInput('(987) 654')).toBe('987654');
  });

  it('takes no more than 9 digits', () => {
    expect(filterPhoneInput('9876543210')).toBe('987654321');
    expect(filterPhoneInput('98765432155')).toBe('987654321');
  });

  it("keeps the national number of a phone given with Peru's calling code", () => {
    expect(filterPhoneInput('+51 987 654 321')).toBe('987654321');
    // Typed key by key, the code stays until the ninth national digit.
    expect(filterPhoneInput('+51 987-654')).toBe('51987654');
    expect(filterPhoneInput('5198765432')).toBe('5198765432');
    expect(filterPhoneInput('51987654321')).toBe('987654321');
    expect(filterPhoneInput('519876543210')).toBe('987654321');
  });

  it('drops non-ASCII digits', () => {
    expect(filterPhoneInput('٩٨٧')).toBe('');
  });
});
