import { filterNameInput, filterPhoneInput, phoneInputDropsDigits } from './buyer-fields';

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

  it('takes no more than 9 digits: what is typed or pasted goes in as far as it fits', () => {
    expect(filterPhoneInput('9876543210', '987654321')).toBe('987654321');
    expect(filterPhoneInput('9875654321', '987654321')).toBe('987654321');
    expect(filterPhoneInput('98765432155')).toBe('987654321');
    expect(filterPhoneInput('98765432155', '98')).toBe('987654321');
    // Two digits pasted after the third of eight: the first fits, the number keeps its end.
    expect(filterPhoneInput('9875565432', '98765432')).toBe('987565432');
    expect(filterPhoneInput('1119876543', '9876543')).toBe('119876543');
  });

  it("keeps the national number of a phone given with Peru's calling code", () => {
    for (const pasted of ['+51 987 654 321', '+51987654321', '(+51) 987-654-321', '0051 987654321', '51 987 654 321', '51987654321']) {
      expect(filterPhoneInput(pasted)).toBe('987654321');
    }
    expect(filterPhoneInput('+51 987-654')).toBe('987654');
  });

  it('keeps the calling code typed key by key until the number begins, then the number alone', () => {
    let value = '';
    const typed: string[] = [];
    for (const key of '+51 987 654 321') {
      value = filterPhoneInput(value + key, value);
      typed.push(value);
    }
    expect(typed.slice(0, 5)).toEqual(['+', '+5', '+51', '+51', '9']);
    expect(value).toBe('987654321');
    expect(phoneInputDropsDigits('+51 987 654 321')).toBe(false);
    // Another country's code is not kept: its digits are the number's.
    expect(filterPhoneInput('+1', '+')).toBe('1');
    expect(filterPhoneInput('+53', '+5')).toBe('53');
  });

  it("holds digits that begin with Peru's calling code up to 11, then keeps the national number, typed key by key as pasted", () => {
    let value = '';
    for (const key of '51987654321') value = filterPhoneInput(value + key, value);
    expect(value).toBe('987654321');
    expect(filterPhoneInput('5198765432', '519876543')).toBe('5198765432');
    expect(phoneInputDropsDigits('5198765432')).toBe(false);
    // A twelfth digit does not fit: the field keeps the national number and says digits were dropped.
    expect(filterPhoneInput('519876543210')).toBe('987654321');
    expect(phoneInputDropsDigits('519876543210')).toBe(true);
  });

  it('tells when what was typed or pasted had more digits than the field takes', () => {
    expect(phoneInputDropsDigits('9876543210')).toBe(true);
    expect(phoneInputDropsDigits('+1 415 555 0123')).toBe(true);
    expect(phoneInputDropsDigits('987654321')).toBe(false);
    // Peru's calling code is taken off, not dropped.
    expect(phoneInputDropsDigits('+51 987 654 321')).toBe(false);
    expect(phoneInputDropsDigits('51987654321')).toBe(false);
    expect(phoneInputDropsDigits('+51 987 654 3210')).toBe(true);
  });

  it('reads full-width digits as digits and drops other scripts', () => {
    expect(filterPhoneInput('９８７６５４３２１')).toBe('987654321');
    expect(filterPhoneInput('٩٨٧')).toBe('');
  });
});
