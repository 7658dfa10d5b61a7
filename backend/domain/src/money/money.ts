import { z } from 'zod';

/** An amount of money in céntimos (1 sol = 100 céntimos). Integers only, so sums never drift. */
export type Cents = number;

/** Marked pure so a bundle that only formats or checks amounts (the storefront's admin tools) leaves zod out. */
export const centsSchema = /* @__PURE__ */ z.int().nonnegative();

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * The largest price or unit cost the shop records: S/ 1,000,000.00. Far above any card single, and it
 * keeps every stored amount, and a line's price × quantity, inside the read models' columns.
 */
export const MAX_AMOUNT_CENTS = 100_000_000;

/** A price or a unit cost: whole céntimos from 0 to `MAX_AMOUNT_CENTS`. */
export function isAmount(value: unknown): value is Cents {
  return isCents(value) && value <= MAX_AMOUNT_CENTS;
}

const solesFormat = new Intl.NumberFormat('es-PE', { style: 'currency', currency: 'PEN' });

/**
 * `1250` → `S/ 12.50`. ICU puts a no-break space after the symbol; a plain one keeps text equal
 * in tests, e-mails and CSV exports.
 */
export function formatSoles(cents: Cents): string {
  return solesFormat.format(cents / 100).replace(/[\u00a0\u202f]/g, ' ');
}

const decimalSoles = /^(\d+)(?:[.,](\d{1,2}))?$/;

/**
 * `'12.5'` → `1250`. Works on the digits rather than `parseFloat(text) * 100`, which turns
 * `'0.29'` into `28.999…`. Answers `null` for anything that is not a non-negative amount with at
 * most two decimals, so a typo is never rounded into a price.
 */
export function parseSolesToCents(text: string): Cents | null {
  const match = decimalSoles.exec(text.trim());
  if (!match) return null;
  const [, soles, fraction = ''] = match;
  const cents = Number(soles) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Subtotal of a line: unit price × quantity (spec §9). */
export function lineTotal(unitPrice: Cents, quantity: number): Cents {
  return unitPrice * quantity;
}
