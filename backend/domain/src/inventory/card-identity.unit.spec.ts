import { cardId, cardKeywords, cardStreamName, deriveSetId } from './card-identity';

describe('card identity', () => {
  it('builds the id as name_setCode_rarity_edition_language', () => {
    const id = cardId({
      name: ' Dark Magician ',
      setCode: 'SDY-006',
      rarity: 'Ultra Rare',
      edition: 'Unlimited',
      language: 'es',
    });
    expect(id).toBe('Dark Magician_SDY-006_Ultra Rare_Unlimited_es');
    expect(cardStreamName(id)).toBe('card-Dark Magician_SDY-006_Ultra Rare_Unlimited_es');
  });

  it('derives the set id from the first four characters of the set code', () => {
    expect(deriveSetId('PHRA-EN001')).toBe('PHRA');
  });

  it('keeps the lowercase English name and a different Spanish name', () => {
    expect(cardKeywords('Dark Magician', 'Mago Oscuro')).toEqual(['dark magician', 'mago oscuro']);
    expect(cardKeywords('Dark Magician', 'dark magician')).toEqual(['dark magician']);
    expect(cardKeywords('Dark Magician', null)).toEqual(['dark magician']);
  });
});
