import type { Edition } from '@tcg/domain';
import type { CardDatabaseCard } from '../card-database/card-database.types';

/** One print of a card, as the version chooser offers it. */
export interface CardVersion {
  setCode: string;
  set: string;
  rarity: string;
  rarityCode: string;
  /** The edition the chooser preselects; the admin may change it. */
  edition: Edition;
}

export interface CardLookup {
  /** The English name, exactly as the card database spells it. */
  name: string;
  /** From the translation port; null when there is none (the admin may type it). */
  spanishName: string | null;
  imageUrl: string | null;
  imageSmallUrl: string | null;
  versions: CardVersion[];
}

/** Spec §5: 1st Edition when the set rarity code contains EN, otherwise Unlimited. */
export function editionFor(rarityCode: string): Edition {
  return rarityCode.includes('EN') ? '1st Edition' : 'Unlimited';
}

/** Spec §2: a Spanish print's code ends in -SP<digits> where the English one ends in -EN<digits>. */
export function setCodeForLanguage(setCode: string, language: 'en' | 'es'): string {
  const code = setCode.trim();
  return language === 'es' ? code.replace(/-EN(\d+)$/, '-SP$1') : code;
}

export function cardLookup(card: CardDatabaseCard, spanishName: string | null): CardLookup {
  const image = card.card_images?.[0];
  return {
    name: card.name,
    spanishName,
    imageUrl: image?.image_url ?? null,
    imageSmallUrl: image?.image_url_small ?? null,
    versions: chooserOrder(
      (card.card_sets ?? []).map((entry) => ({
        setCode: entry.set_code,
        set: entry.set_name,
        rarity: entry.set_rarity,
        rarityCode: entry.set_rarity_code ?? '',
        edition: editionFor(entry.set_rarity_code ?? ''),
      })),
    ),
  };
}

/**
 * Each print once, by set code (numbers in order: SDK-EN9 before SDK-EN10), then rarity. The card database
 * lists some prints twice (the same code and rarity), and a reprinted staple in dozens of sets in no order.
 */
function chooserOrder(versions: CardVersion[]): CardVersion[] {
  const key = (version: CardVersion) => `${version.setCode.trim().toUpperCase()}|${version.rarity.trim().toLowerCase()}`;
  const unique = new Map<string, CardVersion>();
  for (const version of versions) if (!unique.has(key(version))) unique.set(key(version), version);
  const byCode = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return [...unique.values()].sort((left, right) => byCode.compare(left.setCode, right.setCode) || byCode.compare(left.rarity, right.rarity));
}
