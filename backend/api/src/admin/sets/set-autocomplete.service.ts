import { Injectable } from '@nestjs/common';
import { messages } from '@tcg/domain';
import { ApiError } from '../../web/api-exception.filter';
import { CardDatabaseClient, CardDatabaseError } from '../card-database/card-database.client';
import type { CardDatabaseCard } from '../card-database/card-database.types';
import type { SetAutocompletion } from './admin-set.schema';

/** The set's own card codes: prints of its cards in other sets are left out, and each code counts once. */
export function setCardCodes(setCode: string, cards: CardDatabaseCard[]): string[] {
  const prefix = setCode.toUpperCase();
  const codes = cards.flatMap((card) => card.card_sets ?? []).map((entry) => entry.set_code.trim());
  return [...new Set(codes.filter((code) => code.toUpperCase().startsWith(prefix)))];
}

/** Fills the set dialog from the official list: code and release date by name, then the set's cards. */
@Injectable()
export class SetAutocompleteService {
  constructor(private readonly cardDatabase: CardDatabaseClient) {}

  async autocomplete(name: string): Promise<SetAutocompletion> {
    try {
      const wanted = name.trim().toLowerCase();
      const official = (await this.cardDatabase.sets()).find((set) => set.set_name?.trim().toLowerCase() === wanted);
      if (!official) throw new ApiError(404, 'set_not_found', messages.admin.sets.notInOfficialList);
      const cards = setCardCodes(official.set_code, await this.cardDatabase.cardsOfSet(official.set_name));
      // A set announced for pre-order has its code and date before its cards (admin QA: they were thrown
      // away with the refusal): the set is filled, and the spec's 'No se encontraron cartas…' said with it.
      return {
        id: official.set_code,
        name: official.set_name,
        releaseDate: official.tcg_date ?? '',
        cards,
        message: cards.length === 0 ? messages.admin.sets.noCards : messages.admin.sets.autocompleted(cards.length),
      };
    } catch (error) {
      if (error instanceof CardDatabaseError) throw new ApiError(502, 'card_database_failed', messages.admin.sets.apiFailed);
      throw error;
    }
  }
}
