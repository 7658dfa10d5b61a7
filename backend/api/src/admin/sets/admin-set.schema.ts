import { messages } from '@tcg/domain';
import { z } from 'zod';
import { isPlainLine } from '../../web/plain-text';

/** Letters and digits in groups joined by hyphens: a set's code (LOB, SGX1-ENA) and its cards' (LOB-EN001). */
const CODE = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;

const required = z.string({ message: messages.admin.sets.missingFields }).trim().min(1, messages.admin.sets.missingFields);

/** A calendar day the database can store: `Date.parse` takes "2024-02-30" as 1 March, and year 0 does not exist. */
function isReleaseDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number(value.slice(0, 4)) < 1900) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

const releaseDate = required.refine(isReleaseDate, messages.admin.sets.missingFields);

const products = z.object({ booster: z.boolean(), display: z.boolean(), cartaSuelta: z.boolean() });

/** The dialog's fields; the id is the set code and comes from the body on create, the path on edit. */
const setFields = z.object({
  name: required.max(200, messages.admin.sets.tooLong).refine(isPlainLine, messages.admin.sets.nameControls),
  releaseDate,
  preorderAvailable: z.boolean().default(false),
  products: products.default({ booster: false, display: false, cartaSuelta: true }),
  /** Card codes; left out, the set keeps the ones it has. */
  cards: z.array(z.string().trim().max(40, messages.admin.sets.invalidCardCode).regex(CODE, messages.admin.sets.invalidCardCode)).max(5000).optional(),
});

/**
 * A set code as the official list writes them (LOB, MP23, RA01, SGX1-ENA): it is also the set's shop URL,
 * and cards find their set by the upper-case start of their own codes, so "lob" is LOB (the form upper-cases too).
 */
const code = required
  .max(40, messages.admin.sets.invalidCode)
  .regex(CODE, messages.admin.sets.invalidCode)
  .transform((value) => value.toUpperCase())
  .refine((value) => value !== 'LATEST', messages.admin.sets.reservedCode);

export const createSetSchema = setFields.extend({ id: code });
export const updateSetSchema = setFields;
export const autocompleteSchema = z.object({
  name: z.string({ message: messages.admin.sets.nameFirst }).trim().min(1, messages.admin.sets.nameFirst),
});

export type SetFields = z.output<typeof setFields>;
export type CreateSetBody = z.output<typeof createSetSchema>;

/** A row of the admin's sets table, as the API answers it. */
export interface AdminSet {
  id: string;
  name: string;
  releaseDate: string;
  preorderAvailable: boolean;
  products: { booster: boolean; display: boolean; cartaSuelta: boolean };
  cards: string[];
}

export interface SetAutocompletion {
  id: string;
  name: string;
  releaseDate: string;
  cards: string[];
  message: string;
}
