/**
 * Dates are shown in Lima's time zone, not the machine's: the server runs in UTC and an order
 * placed at 8 p.m. in Lima must not show tomorrow's date.
 */
const limaTimeZone = 'America/Lima';

const dateOnly = new Intl.DateTimeFormat('es-PE', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  timeZone: limaTimeZone,
});

const dateAndTime = new Intl.DateTimeFormat('es-PE', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: limaTimeZone,
});

const calendarDay = /^\d{4}-\d{2}-\d{2}$/;

const calendarDayFormat = new Intl.DateTimeFormat('es-PE', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * Peruvian Spanish date (`5/3/2024`, or `5/3/2024, 7:00 p. m.` with time). A bare `YYYY-MM-DD`
 * (a set's release date) is a calendar day, not an instant, so it is printed as is rather than
 * shifted five hours back into the previous day.
 */
export function formatDatePe(value: Date | string | number, options: { withTime?: boolean } = {}): string {
  if (typeof value === 'string' && calendarDay.test(value)) {
    return calendarDayFormat.format(new Date(`${value}T00:00:00Z`));
  }
  const format = options.withTime ? dateAndTime : dateOnly;
  return format.format(new Date(value)).replace(/[\u00a0\u202f]/g, ' ');
}
