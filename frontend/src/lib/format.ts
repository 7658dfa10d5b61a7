import { formatDatePe } from '@tcg/domain';

const currency = new Intl.NumberFormat('es-PE', { style: 'currency', currency: 'PEN' });

/**
 * Prices travel as integer céntimos and are formatted only here. ICU versions differ on the space
 * after the symbol (plain, no-break, narrow no-break or none), so the result is pinned to the one
 * form the shop prints everywhere: `S/ 12.50`. The domain's `formatSoles` is not reused because its
 * module also defines a zod schema, which would add zod to every page of the storefront.
 */
export function formatMoney(cents: number): string {
  return currency
    .format(cents / 100)
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .replace(/^S\/(?=\d)/, 'S/ ');
}

/** Peruvian Spanish dates, as the server prints them; a bare release day is never shifted. */
export function formatDate(iso: string): string {
  return formatDatePe(iso);
}
