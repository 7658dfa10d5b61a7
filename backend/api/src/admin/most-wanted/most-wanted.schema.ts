import { messages } from '@tcg/domain';
import { z } from 'zod';

/** Spec §9: the home page shows up to 16. */
export const MOST_WANTED_MAX = 16;

export const saveMostWantedSchema = z.object({
  cardIds: z
    .array(z.string({ message: messages.admin.mostWanted.saveFailed }).min(1), { message: messages.admin.mostWanted.saveFailed })
    .max(MOST_WANTED_MAX, messages.admin.mostWanted.saveFailed)
    .refine((ids) => new Set(ids).size === ids.length, messages.admin.mostWanted.saveFailed),
});

export interface AdminMostWantedEntry {
  id: string;
  cardId: string;
  defaultName: string;
  set: string;
  imageSmallUrl: string | null;
  price: number | null;
  inStock: boolean;
  link: string;
  createdAtMs: number;
}

/** A row of the searchable card table the admin picks from. */
export interface MostWantedCandidate {
  id: string;
  name: string;
  defaultName: string;
  set: string;
  setCode: string;
  rarity: string;
  imageSmallUrl: string | null;
  stockFinal: number;
  price: number;
}
