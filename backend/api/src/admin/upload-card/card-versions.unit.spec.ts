import type { CardDatabaseCard } from '../card-database/card-database.types';
import { cardLookup } from './card-versions';

const entry = (set_code: string, set_rarity: string) => ({ set_code, set_name: `Set ${set_code.split('-')[0]}`, set_rarity, set_rarity_code: '(C)' });

describe('cardLookup', () => {
  // Before: a print the card database lists twice was offered twice, and 56 prints came in its own order.
  it('offers each print once, by set code with its numbers in order, then by rarity', () => {
    const card = {
      name: 'Pot of Greed',
      card_sets: [
        entry('SDK-EN10', 'Common'),
        entry('LOB-EN119', 'Rare'),
        entry('SDK-EN9', 'Common'),
        entry('lob-en119 ', 'rare'),
        entry('LOB-EN119', 'Common'),
        entry('SDK-EN10', 'Common'),
      ],
    } as CardDatabaseCard;
    expect(cardLookup(card, null).versions.map(({ setCode, rarity }) => `${setCode} ${rarity}`)).toEqual([
      'LOB-EN119 Common',
      'LOB-EN119 Rare',
      'SDK-EN9 Common',
      'SDK-EN10 Common',
    ]);
  });
});
