import { cardLanguages, editions, MAX_AMOUNT_CENTS, MAX_MOVEMENT_UNITS, messages } from '@tcg/domain';
import { z } from 'zod';
import { withoutBidiControls, withoutControlCharacters } from '../../web/plain-text';

const detail = z
  .string({ message: messages.domain.invalidCardDetails })
  .trim()
  .min(1, messages.domain.invalidCardDetails)
  .max(200, messages.domain.cardDetailTooLong)
  .refine(withoutBidiControls, messages.domain.cardDetailControls)
  .refine(withoutControlCharacters, messages.domain.invalidCardDetails);
const cents = (message: string) => z.int({ message }).nonnegative({ message }).max(MAX_AMOUNT_CENTS, { message });

/** Spec §5 card upload: a chosen version, language and edition, and the four numbers (money in céntimos). */
export const uploadCardSchema = z.object({
  name: detail,
  spanishName: z
    .string({ message: messages.domain.invalidCardDetails })
    .max(200, messages.domain.cardDetailTooLong)
    .refine(withoutBidiControls, messages.domain.cardDetailControls)
    .refine(withoutControlCharacters, messages.domain.invalidCardDetails)
    .nullish()
    .transform((value) => value?.trim() || null),
  /**
   * Upper case, as the card database writes codes and sets are stored: `lob-en005` is LOB-EN005. Letters
   * and digits in groups joined by hyphens, as a set's own code (ADR 0005 §7): it starts the card's id and
   * its set's URL.
   */
  setCode: detail.pipe(z.string().regex(/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/, messages.admin.sets.invalidCode)).transform((value) => value.toUpperCase()),
  set: detail,
  rarity: detail,
  edition: z.enum(editions, { message: messages.domain.invalidEdition }),
  language: z.enum(cardLanguages, { message: messages.domain.invalidCardLanguage }),
  /** 0 lists, prices and pictures the card without an `ingreso` (an existing card's pictures queued again, say). */
  quantity: z
    .int({ message: messages.domain.invalidUploadQuantity })
    .nonnegative({ message: messages.domain.invalidUploadQuantity })
    .max(MAX_MOVEMENT_UNITS, { message: messages.domain.invalidUploadQuantity }),
  unitCost: cents(messages.domain.invalidUnitCost),
  salePrice: cents(messages.domain.invalidPrice),
  offerPrice: cents(messages.domain.invalidPrice),
  /** The card database's picture of the card, copied once by the image job. */
  imageUrl: z
    .url({ protocol: /^https?$/, message: messages.domain.cardImageNotFromDatabase })
    .nullish()
    .transform((value) => value ?? null),
});

export type UploadCardBody = z.output<typeof uploadCardSchema>;

/** A print as the upload form has chosen it: what `GET /api/admin/cards/listed` looks for. */
export const listedPrintQuerySchema = uploadCardSchema.pick({ name: true, setCode: true, rarity: true, edition: true, language: true });

export type ListedPrintQuery = z.output<typeof listedPrintQuerySchema>;

/** The shop's card of a print, as the upload form shows it before an upload changes it. */
export interface ListedPrint {
  card: { id: string; stockFinal: number; lastSalePrice: number; lastOfferPrice: number | null } | null;
}

export interface UploadCardResult {
  cardId: string;
  /** False when the card existed and only its stock grew. */
  created: boolean;
  stock: number;
  /**
   * True when the card still lacked its pictures and they are on their way: queued for the image job or,
   * when the queue did not answer, copied by the process that took the upload.
   */
  imagesQueued: boolean;
  /** When they were queued (the server's clock), for asking how their copy went (`GET …/pictures?since=`). */
  queuedAt: string | null;
  /** The set its code names (`deriveSetId`). */
  setId: string;
  /** False when the shop has no such set: no set page lists the card until an admin adds it. */
  setInShop: boolean;
  position: number;
}
