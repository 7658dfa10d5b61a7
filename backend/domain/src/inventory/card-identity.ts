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

/** Spec §3: the set id is the first four characters of the set code when none is given. */
export function deriveSetId(setCode: string): string {
  return setCode.trim().slice(0, 4);
}

/** Spec §3: the lowercase English name, plus the Spanish name when it says something different. */
export function cardKeywords(englishName: string, spanishName: string | null): string[] {
  const english = englishName.trim().toLowerCase();
  const spanish = spanishName?.trim().toLowerCase();
  return spanish && spanish !== english ? [english, spanish] : [english];
}
