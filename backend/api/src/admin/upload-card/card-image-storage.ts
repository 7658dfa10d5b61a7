import { createHash } from 'node:crypto';

export const CARD_IMAGE_STORAGE = Symbol('CARD_IMAGE_STORAGE');

/** The public route the stored pictures are served from (see CardImagesController). */
export const CARD_IMAGES_ROUTE = 'files/cards';

export const CARD_IMAGE_SIZES = { large: 421, small: 168 } as const;
export type CardImageSize = keyof typeof CARD_IMAGE_SIZES;

/**
 * A storage folder per card: readable, and unique through a hash, since card ids hold spaces and
 * symbols that keys may not.
 */
export function cardImageFolder(cardId: string): string {
  const slug = cardId
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  const hash = createHash('sha256').update(cardId).digest('hex').slice(0, 12);
  return `${slug || 'card'}-${hash}`;
}

export function cardImageKey(cardId: string, size: CardImageSize): string {
  return `cards/${cardImageFolder(cardId)}/${size}.webp`;
}

export function cardImageUrl(cardId: string, size: CardImageSize): string {
  return `/api/${CARD_IMAGES_ROUTE}/${cardImageFolder(cardId)}/${size}.webp`;
}
