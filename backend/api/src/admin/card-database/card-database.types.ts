import { z } from 'zod';

/**
 * The parts of YGOProDeck's API v7 answers the admin tools read; every other field is ignored. An answer
 * of another shape (a field missing, a number for a name, a name longer than a card detail may be) is the
 * card database failing, said with the spec's texts, never a TypeError further on.
 */
const text = z.string().max(200);

const cardSetEntrySchema = z.object({
  set_code: text,
  set_name: text,
  set_rarity: text,
  set_rarity_code: text.optional(),
});

const cardImageSchema = z.object({
  image_url: z.string().max(2048),
  image_url_small: z.string().max(2048),
});

export const cardDatabaseCardSchema = z.object({
  name: text,
  card_sets: z.array(cardSetEntrySchema).optional(),
  card_images: z.array(cardImageSchema).optional(),
});

/** One row of `cardsets.php`. */
export const cardDatabaseSetSchema = z.object({
  set_name: text,
  set_code: text,
  num_of_cards: z.number().optional(),
  tcg_date: z.string().max(32).optional(),
});

export type CardDatabaseSetEntry = z.infer<typeof cardSetEntrySchema>;
export type CardDatabaseImage = z.infer<typeof cardImageSchema>;
export type CardDatabaseCard = z.infer<typeof cardDatabaseCardSchema>;
export type CardDatabaseSet = z.infer<typeof cardDatabaseSetSchema>;
