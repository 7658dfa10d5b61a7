import { randomUUID } from 'node:crypto';
import { cardId, cardKeywords, cardStreamName, type CardListedData, type TcgEvent } from '@tcg/domain';
import { quoteIdent } from '../db/pg-database';
import type { Database } from '../db/sql';
import type { EventStore } from '../event-store/event-store.port';
import { catchUp } from '../projections/catch-up';
import type { Projection } from '../projections/projection';
import { createProjections } from '../projections/projection-registry';
import { toAppend } from '../synthetic/synthetic-seed';

export async function appendEvents(store: EventStore, streamId: string, events: TcgEvent[]): Promise<number> {
  const result = await store.append(streamId, events.map((event) => toAppend(event, randomUUID(), 'test')), 'any');
  return result.position;
}

/** Brings the given projections (default: cards and orders) up to the store's head. */
export async function projectAll(db: Database, store: EventStore, projections: Projection[] = createProjections()): Promise<void> {
  const until = await store.head();
  for (const projection of projections) await catchUp({ db, store, projection, until });
}

/** md5 of a table's rows in key order: equal checksums, equal read models. */
export async function tableChecksum(db: Database, table: string, orderBy: string): Promise<string> {
  const { rows } = await db.query<{ sum: string }>(
    `SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY ${orderBy}), '')) AS sum FROM ${quoteIdent(table)} t`,
  );
  return rows[0].sum;
}

export async function readModelChecksums(db: Database): Promise<Record<string, string>> {
  return {
    cards: await tableChecksum(db, 'cards', 'id'),
    card_movements: await tableChecksum(db, 'card_movements', 'card_id, position'),
    card_stock_entries: await tableChecksum(db, 'card_stock_entries', 'card_id, position'),
    card_price_entries: await tableChecksum(db, 'card_price_entries', 'card_id, position'),
    orders: await tableChecksum(db, 'orders', 'id'),
    order_items: await tableChecksum(db, 'order_items', 'order_id, line'),
  };
}

export interface TestCard {
  name: string;
  spanishName?: string;
  setCode: string;
  setId?: string;
  rarity: string;
  language?: 'en' | 'es';
  edition?: '1st Edition' | 'Unlimited';
  salePrice: number;
  offerPrice?: number | null;
  stock?: number;
}

const AT = '2025-01-15T15:00:00.000Z';

/** The id and the events that list a card, price it and (when stock > 0) stock it. */
export function listingEvents(card: TestCard): { id: string; streamId: string; events: TcgEvent[] } {
  const language = card.language ?? 'en';
  const edition = card.edition ?? 'Unlimited';
  const id = cardId({ name: card.name, setCode: card.setCode, rarity: card.rarity, edition, language });
  const data: CardListedData = {
    cardId: id,
    name: language === 'es' && card.spanishName ? card.spanishName : card.name,
    defaultName: card.name,
    spanishName: card.spanishName ?? null,
    imageUrl: null,
    imageSmallUrl: null,
    rarity: card.rarity,
    edition,
    set: `Set ${card.setId ?? card.setCode.slice(0, 3)}`,
    setCode: card.setCode,
    setId: card.setId ?? card.setCode.slice(0, 3),
    language,
    keywords: cardKeywords(card.name, card.spanishName ?? null),
    at: AT,
  };
  const events: TcgEvent[] = [
    { type: 'CardListed', version: 1, data },
    { type: 'PriceSet', version: 1, data: { cardId: id, salePrice: card.salePrice, offerPrice: card.offerPrice ?? null, at: AT } },
  ];
  if (card.stock) events.push({ type: 'StockAdded', version: 1, data: { cardId: id, quantity: card.stock, unitCost: 100, at: AT } });
  return { id, streamId: cardStreamName(id), events };
}
