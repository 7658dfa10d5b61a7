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

  it('derives the set id from the first four characters of a four-letter set code', () => {
    expect(deriveSetId('PHRA-EN001')).toBe('PHRA');
  });

  it('derives the set id of a three-letter classic from the prefix before the dash, not "LOB-"', () => {
    expect(deriveSetId('LOB-EN001')).toBe('LOB');
    expect(deriveSetId('SDY-006')).toBe('SDY');
  });

  it('falls back to the first four characters when the code has no dash', () => {
    expect(deriveSetId('RA01EN001')).toBe('RA01');
  });

  it('keeps the lowercase English name and a different Spanish name', () => {
    expect(cardKeywords('Dark Magician', 'Mago Oscuro')).toEqual(['dark magician', 'mago oscuro']);
    expect(cardKeywords('Dark Magician', 'dark magician')).toEqual(['dark magician']);
    expect(cardKeywords('Dark Magician', null)).toEqual(['dark magician']);
  });
});
