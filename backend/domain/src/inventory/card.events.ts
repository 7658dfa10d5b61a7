import { z } from 'zod';
import { centsSchema } from '../money';
import type { DomainEvent, EventSchemas } from '../shared';
import { cardLanguageSchema, editionSchema } from './card-identity';

const text = z.string().trim().min(1);
const at = z.iso.datetime({ offset: true });
const quantity = z.int().positive();

export const cardListedData = z.object({
  cardId: text,
  name: text,
  defaultName: text,
  spanishName: text.nullable(),
  imageUrl: text.nullable(),
  imageSmallUrl: text.nullable(),
  rarity: text,
  edition: editionSchema,
  set: text,
  setCode: text,
  setId: text,
  language: cardLanguageSchema,
  keywords: z.array(text).min(1),
  at,
});

export const cardDetailsChangedData = z.object({
  cardId: text,
  name: text.optional(),
  defaultName: text.optional(),
  spanishName: text.nullable().optional(),
  imageUrl: text.nullable().optional(),
  imageSmallUrl: text.nullable().optional(),
  set: text.optional(),
  setId: text.optional(),
  keywords: z.array(text).min(1).optional(),
  at,
});

export const priceSetData = z.object({
  cardId: text,
  salePrice: centsSchema,
  offerPrice: centsSchema.positive().nullable(),
  at,
});

export const stockAddedData = z.object({ cardId: text, quantity, unitCost: centsSchema, at });

export const stockReservedData = z.object({ cardId: text, reservationId: text, orderId: text, quantity, at });

export const stockSoldData = z.object({ cardId: text, source: text, orderId: text, quantity, at });

export const stockReleasedData = z.object({ cardId: text, reservationId: text, orderId: text, quantity, at });

export type CardListedData = z.infer<typeof cardListedData>;
export type CardDetailsChangedData = z.infer<typeof cardDetailsChangedData>;
export type PriceSetData = z.infer<typeof priceSetData>;
export type StockAddedData = z.infer<typeof stockAddedData>;
export type StockReservedData = z.infer<typeof stockReservedData>;
export type StockSoldData = z.infer<typeof stockSoldData>;
export type StockReleasedData = z.infer<typeof stockReleasedData>;

export type CardListed = DomainEvent<'CardListed', 1, CardListedData>;
export type CardDetailsChanged = DomainEvent<'CardDetailsChanged', 1, CardDetailsChangedData>;
export type PriceSet = DomainEvent<'PriceSet', 1, PriceSetData>;
/** Movement `ingreso`. */
export type StockAdded = DomainEvent<'StockAdded', 1, StockAddedData>;
/** Movement `reserva`. */
export type StockReserved = DomainEvent<'StockReserved', 1, StockReservedData>;
/** Movement `venta`; `source` is the reservation it settles. */
export type StockSold = DomainEvent<'StockSold', 1, StockSoldData>;
/** Movement `anulacion`; `reservationId` is the reservation it undoes. */
export type StockReleased = DomainEvent<'StockReleased', 1, StockReleasedData>;

export type CardEvent =
  CardListed | CardDetailsChanged | PriceSet | StockAdded | StockReserved | StockSold | StockReleased;

export const cardEventSchemas: EventSchemas<CardEvent> = {
  CardListed: { version: 1, schema: cardListedData },
  CardDetailsChanged: { version: 1, schema: cardDetailsChangedData },
  PriceSet: { version: 1, schema: priceSetData },
  StockAdded: { version: 1, schema: stockAddedData },
  StockReserved: { version: 1, schema: stockReservedData },
  StockSold: { version: 1, schema: stockSoldData },
  StockReleased: { version: 1, schema: stockReleasedData },
};
