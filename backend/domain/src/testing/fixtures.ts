import type { CardListed, ListCard, StockAdded, StockReleased, StockReserved, StockSold } from '../inventory';
import type { OrderPlaced, PlaceOrder } from '../orders';

const epoch = Date.UTC(2025, 0, 15, 15, 0, 0);

/** A fixed instant `minute` minutes into the test day, so expected events can be written literally. */
export function at(minute = 0): Date {
  return new Date(epoch + minute * 60_000);
}

export function iso(minute = 0): string {
  return at(minute).toISOString();
}

export const blueEyes = {
  cardId: 'Blue-Eyes White Dragon_LOB-EN001_Ultra Rare_1st Edition_en',
  name: 'Blue-Eyes White Dragon',
};

export function listBlueEyes(overrides: Partial<ListCard['data']> = {}): ListCard {
  return {
    type: 'ListCard',
    data: {
      name: 'Blue-Eyes White Dragon',
      defaultName: 'Blue-Eyes White Dragon',
      spanishName: 'Dragón Blanco de Ojos Azules',
      imageUrl: 'https://img.example/lob-001.webp',
      imageSmallUrl: 'https://img.example/lob-001-small.webp',
      rarity: 'Ultra Rare',
      edition: '1st Edition',
      set: 'Legend of Blue Eyes White Dragon',
      setCode: 'LOB-EN001',
      language: 'en',
      at: at(0),
      ...overrides,
    },
  };
}

export function blueEyesListed(): CardListed {
  return {
    type: 'CardListed',
    version: 1,
    data: {
      cardId: blueEyes.cardId,
      name: 'Blue-Eyes White Dragon',
      defaultName: 'Blue-Eyes White Dragon',
      spanishName: 'Dragón Blanco de Ojos Azules',
      imageUrl: 'https://img.example/lob-001.webp',
      imageSmallUrl: 'https://img.example/lob-001-small.webp',
      rarity: 'Ultra Rare',
      edition: '1st Edition',
      set: 'Legend of Blue Eyes White Dragon',
      setCode: 'LOB-EN001',
      setId: 'LOB',
      language: 'en',
      keywords: ['blue-eyes white dragon', 'dragón blanco de ojos azules'],
      at: iso(0),
    },
  };
}

export function stockAdded(quantity: number, unitCost = 500, minute = 1): StockAdded {
  return { type: 'StockAdded', version: 1, data: { cardId: blueEyes.cardId, quantity, unitCost, at: iso(minute) } };
}

export function stockReserved(reservationId: string, quantity: number, orderId = 'order-1', minute = 2): StockReserved {
  return {
    type: 'StockReserved',
    version: 1,
    data: { cardId: blueEyes.cardId, reservationId, orderId, quantity, at: iso(minute) },
  };
}

export function stockSold(source: string, quantity: number, orderId = 'order-1', minute = 3): StockSold {
  return {
    type: 'StockSold',
    version: 1,
    data: { cardId: blueEyes.cardId, source, orderId, quantity, at: iso(minute) },
  };
}

export function stockReleased(reservationId: string, quantity: number, orderId = 'order-1', minute = 3): StockReleased {
  return {
    type: 'StockReleased',
    version: 1,
    data: { cardId: blueEyes.cardId, reservationId, orderId, quantity, at: iso(minute) },
  };
}

export function placeOrder(overrides: Partial<PlaceOrder['data']> = {}): PlaceOrder {
  return {
    type: 'PlaceOrder',
    data: {
      orderId: 'order-1',
      buyer: { userId: 'user-1', sealed: 'v1.sealed-buyer-of-user-1' },
      items: [
        { cardId: blueEyes.cardId, name: blueEyes.name, quantity: 2, unitPrice: 4550, reservationId: 'res-1' },
        {
          cardId: 'Dark Magician_SDY-006_Ultra Rare_Unlimited_es',
          name: 'Mago Oscuro',
          quantity: 1,
          unitPrice: 1299,
          reservationId: 'res-2',
        },
      ],
      total: 10399,
      proofKey: 'proofs/user-1/abc.jpg',
      proofHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      at: at(10),
      ...overrides,
    },
  };
}

export function orderPlaced(overrides: Partial<PlaceOrder['data']> = {}): OrderPlaced {
  const { at: placedAt, ...data } = placeOrder(overrides).data;
  return { type: 'OrderPlaced', version: 2, data: { ...data, at: placedAt.toISOString() } };
}
