import { at, blueEyes, blueEyesListed, deciderSpec, iso, listBlueEyes } from '../testing';
import { cardDecider } from './card.decider';

const { given } = deciderSpec(cardDecider);

describe('card decider: catalogue', () => {
  describe('ListCard', () => {
    it('lists a new card, deriving its id, set id and keywords', () => {
      given([]).when(listBlueEyes()).then([blueEyesListed()]);
    });

    it('keeps a given set id', () => {
      const [event] = cardDecider.decide(listBlueEyes({ setId: 'LOB' }), cardDecider.initialState());
      expect(event.type === 'CardListed' && event.data.setId).toBe('LOB');
    });

    it('stores empty optional texts as null and a Spanish name equal to the English one once', () => {
      const command = listBlueEyes({ spanishName: ' BLUE-EYES white dragon ', imageUrl: '', imageSmallUrl: ' ' });
      const [event] = cardDecider.decide(command, cardDecider.initialState());
      expect(event.data).toMatchObject({
        imageUrl: null,
        imageSmallUrl: null,
        keywords: ['blue-eyes white dragon'],
      });
    });

    it('does nothing when the same card is listed again with the same details', () => {
      given([blueEyesListed()])
        .when(listBlueEyes({ at: at(30) }))
        .thenNothingHappens();
    });

    it('refuses to list an existing card with other details', () => {
      given([blueEyesListed()])
        .when(listBlueEyes({ set: 'Another set' }))
        .thenRefuses('card_already_listed');
    });

    it.each([
      ['a blank name', { name: ' ' }],
      ['a blank set code', { setCode: '' }],
      ['an unknown edition', { edition: 'Limited' as never }],
      ['an unknown language', { language: 'fr' as never }],
    ])('refuses %s', (_label, overrides) => {
      given([]).when(listBlueEyes(overrides)).thenRefuses('invalid_card_details');
    });
  });

  describe('ChangeCardDetails', () => {
    it('records only the fields that changed, with new keywords when a name changes', () => {
      given([blueEyesListed()])
        .when({
          type: 'ChangeCardDetails',
          data: { changes: { spanishName: 'Dragón Blanco', imageUrl: 'https://img.example/lob-001.webp' }, at: at(5) },
        })
        .then([
          {
            type: 'CardDetailsChanged',
            version: 1,
            data: {
              cardId: blueEyes.cardId,
              spanishName: 'Dragón Blanco',
              keywords: ['blue-eyes white dragon', 'dragón blanco'],
              at: iso(5),
            },
          },
        ]);
    });

    it('does nothing when nothing differs', () => {
      given([blueEyesListed()])
        .when({ type: 'ChangeCardDetails', data: { changes: { name: 'Blue-Eyes White Dragon ' }, at: at(5) } })
        .thenNothingHappens();
    });

    it('refuses a blank required field', () => {
      given([blueEyesListed()])
        .when({ type: 'ChangeCardDetails', data: { changes: { set: '  ' }, at: at(5) } })
        .thenRefuses('invalid_card_details');
    });

    it('refuses an unlisted card', () => {
      given([])
        .when({ type: 'ChangeCardDetails', data: { changes: { name: 'X' }, at: at(5) } })
        .thenRefuses('card_not_listed');
    });
  });

  describe('SetPrice', () => {
    it('sets the sale and offer prices', () => {
      given([blueEyesListed()])
        .when({ type: 'SetPrice', data: { salePrice: 4550, offerPrice: 3990, at: at(2) } })
        .then([
          {
            type: 'PriceSet',
            version: 1,
            data: { cardId: blueEyes.cardId, salePrice: 4550, offerPrice: 3990, at: iso(2) },
          },
        ]);
    });

    it('records an offer of 0 as no offer', () => {
      given([blueEyesListed()])
        .when({ type: 'SetPrice', data: { salePrice: 4550, offerPrice: 0, at: at(2) } })
        .then([
          {
            type: 'PriceSet',
            version: 1,
            data: { cardId: blueEyes.cardId, salePrice: 4550, offerPrice: null, at: iso(2) },
          },
        ]);
    });

    it('does nothing when the prices are unchanged', () => {
      const priced = {
        type: 'PriceSet',
        version: 1,
        data: { cardId: blueEyes.cardId, salePrice: 4550, offerPrice: null, at: iso(2) },
      } as const;
      given([blueEyesListed(), priced])
        .when({ type: 'SetPrice', data: { salePrice: 4550, offerPrice: null, at: at(9) } })
        .thenNothingHappens();
    });

    it.each([
      ['a fractional sale price', 45.5, null],
      ['a negative sale price', -1, null],
      ['a fractional offer price', 4550, 0.5],
    ])('refuses %s', (_label, salePrice, offerPrice) => {
      given([blueEyesListed()])
        .when({ type: 'SetPrice', data: { salePrice, offerPrice, at: at(2) } })
        .thenRefuses('invalid_price');
    });

    it('refuses a sale price of 0: a card is never on sale for nothing', () => {
      given([blueEyesListed()])
        .when({ type: 'SetPrice', data: { salePrice: 0, offerPrice: null, at: at(2) } })
        .thenRefuses('sale_price_required');
    });

    it.each([
      ['above', 5000],
      ['equal to', 4550],
    ])('refuses an offer %s the sale price', (_label, offerPrice) => {
      given([blueEyesListed()])
        .when({ type: 'SetPrice', data: { salePrice: 4550, offerPrice, at: at(2) } })
        .thenRefuses('offer_not_below_sale');
    });

    it('refuses an unlisted card', () => {
      given([])
        .when({ type: 'SetPrice', data: { salePrice: 1, offerPrice: null, at: at(2) } })
        .thenRefuses('card_not_listed');
    });
  });
});
