import { z } from 'zod';
import type { Edition } from '../catalog';

export const editions = ['1st Edition', 'Unlimited'] as const satisfies readonly Edition[];
export const editionSchema = z.enum(editions);

/** A sellable card is printed in English or Spanish (spec §3); other languages are labels only. */
export const cardLanguages = ['en', 'es'] as const;
export const cardLanguageSchema = z.enum(cardLanguages);
export type CardLanguage = (typeof cardLanguages)[number];

export interface CardIdParts {
  name: string;
  setCode: string;
  rarity: string;
  edition: Edition;
  language: CardLanguage;
}

/**
 * The spec's key, `name_setCode_rarity_edition_language`, kept verbatim (only trimmed) so ids match
 * the shop's existing links and search hits.
 */
export function cardId(parts: CardIdParts): string {
  return [parts.name, parts.setCode, parts.rarity, parts.edition, parts.language].map((part) => part.trim()).join('_');
}

export function cardStreamName(id: string): string {
  return `card-${id}`;
}

/**
 * Spec §3 derives the set id from the first four characters of the set code. That holds for today's
 * four-letter codes (PHNI-EN001 → PHNI) but gives 'LOB-' for the three-letter classics, so the id is
 * the code's prefix before the dash, which is the same thing where the spec's rule works
 * (docs/decisions/0002-set-id-from-set-code.md).
 */
export function deriveSetId(setCode: string): string {
  const code = setCode.trim();
  const dash = code.indexOf('-');
  return dash > 0 ? code.slice(0, dash) : code.slice(0, 4);
}

/** Spec §3: the lowercase English name, plus the Spanish name when it says something different. */
export function cardKeywords(englishName: string, spanishName: string | null): string[] {
  const english = englishName.trim().toLowerCase();
  const spanish = spanishName?.trim().toLowerCase();
  return spanish && spanish !== english ? [english, spanish] : [english];
}
