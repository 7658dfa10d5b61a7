import { formatDatePe } from './date-format';

describe('formatDatePe', () => {
  it('prints the date in Lima, whatever the machine time zone', () => {
    expect(formatDatePe(new Date('2025-03-06T02:30:00Z'))).toBe('5/3/2025');
  });

  it('prints the time when asked, with a plain space before a. m./p. m.', () => {
    expect(formatDatePe('2025-03-06T00:30:00Z', { withTime: true })).toBe('5/3/2025, 7:30 p. m.');
  });

  it('prints a calendar day as that day', () => {
    expect(formatDatePe('2024-11-01')).toBe('1/11/2024');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDatePe(Date.UTC(2025, 0, 15, 15))).toBe('15/1/2025');
  });
});
