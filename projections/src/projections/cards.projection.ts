import { applyMovement, assertNever, type CardEvent, type CardListedData, emptyStockLedger, foldStock, getEntry, type Movement, type StockLedger, toMovement } from '@tcg/domain';
import type { ProjectedEvent } from '../event-store/event-store.port';
import { CardRow, CardWrites, cardWrites, loadCards, loadReservationMovements } from './card-rows';
import { type ApplyContext, type BatchWrite, type FoldContext, forEvent, mapInSlices, type Projection } from './projection';
import { readCardEvent } from './stored-event';

export const CARDS_PROJECTION = 'cards';

function listedRow(data: CardListedData, position: number, previous: CardRow | undefined): CardRow {
  return {
    id: data.cardId,
    name: data.name,
    default_name: data.defaultName,
    spanish_name: data.spanishName,
    image_url: data.imageUrl,
    image_small_url: data.imageSmallUrl,
    rarity: data.rarity,
    edition: data.edition,
    set_name: data.set,
    set_code: data.setCode,
    set_id: data.setId,
    language: data.language,
    keywords: data.keywords,
    // A listing never resets stock or prices a row already has.
    stock_final: previous?.stock_final ?? 0,
    last_sale_price: previous?.last_sale_price ?? 0,
    last_offer_price: previous?.last_offer_price ?? null,
    listed_at: data.at,
    updated_at: data.at,
    position,
  };
}

/**
 * What the projection remembers between the batches of a run: every card it wrote since `since`, with
 * its row and its ledger, whose reserved/settled maps hold every reservation touched since then. A
 * reservation a ledger does not know can only have movements at or before `since`; a run from 0 (a
 * replay, a rebuild) therefore never reads a row or a movement back.
 */
interface CardsMemory {
  since: number;
  rows: Map<string, CardRow>;
  ledgers: Map<string, StockLedger>;
  /** How many reservations the ledgers hold, roughly: each `reserva` adds one. */
  reservations: number;
}

/**
 * Beyond these the run starts again with an empty memory, to bound its size (a row is about a kilobyte,
 * a reservation in a ledger about a hundred bytes): a million-event history has about 270,000.
 */
const MAX_REMEMBERED_CARDS = 250_000;
const MAX_REMEMBERED_RESERVATIONS = 1_000_000;

function cardsMemory({ memory, checkpoint }: FoldContext): CardsMemory {
  const create = (): CardsMemory => ({ since: checkpoint, rows: new Map(), ledgers: new Map(), reservations: 0 });
  const remembered = memory.get(CARDS_PROJECTION, create);
  if (remembered.rows.size <= MAX_REMEMBERED_CARDS && remembered.reservations <= MAX_REMEMBERED_RESERVATIONS) return remembered;
  memory.clear();
  return memory.get(CARDS_PROJECTION, create);
}

function knows(ledger: StockLedger | undefined, reservationId: string): boolean {
  return ledger !== undefined && (getEntry(ledger.reserved, reservationId) !== undefined || getEntry(ledger.settled, reservationId) !== undefined);
}

/** The batch's working state: rows and stock ledgers by card id, and the rows it will write. */
interface Batch {
  rows: Map<string, CardRow>;
  ledgers: Map<string, StockLedger>;
  /** Earlier `reserva`/`venta` movements of the reservations this batch touches, by card. */
  earlier: Map<string, Movement[]>;
  remembered: CardsMemory;
  /** Cards whose search document (names, keywords) this batch changed. */
  searchChanged: Set<string>;
  /** Cards this batch listed, or whose details or prices it changed: written whole, the others only their stock. */
  rewritten: Set<string>;
  writes: CardWrites;
}

/** Folds one card event into its row and collects the ledger rows it adds. */
function evolve(batch: Batch, event: CardEvent, position: number): CardRow {
  const row = batch.rows.get(event.data.cardId);
  const writes = batch.writes;
  if (event.type !== 'StockAdded' && event.type !== 'StockReserved' && event.type !== 'StockSold' && event.type !== 'StockReleased') {
    batch.rewritten.add(event.data.cardId);
  }
  if (event.type === 'CardListed') {
    batch.searchChanged.add(event.data.cardId);
    return listedRow(event.data, position, row);
  }
  if (!row) throw new Error(`card ${event.data.cardId} has no CardListed before it`);
  // Changed in place: the row is this batch's (loaded) or the run's memory, which a failed batch empties.
  const next = row;
  next.updated_at = event.data.at;
  next.position = position;
  const cardId = row.id;
  switch (event.type) {
    case 'CardDetailsChanged': {
      const { name, defaultName, spanishName, imageUrl, imageSmallUrl, set, setId, keywords } = event.data;
      if (name !== undefined) next.name = name;
      if (defaultName !== undefined) next.default_name = defaultName;
      if (spanishName !== undefined) next.spanish_name = spanishName;
      if (imageUrl !== undefined) next.image_url = imageUrl;
      if (imageSmallUrl !== undefined) next.image_small_url = imageSmallUrl;
      if (set !== undefined) next.set_name = set;
      if (setId !== undefined) next.set_id = setId;
      if (keywords !== undefined) next.keywords = keywords;
      if (name !== undefined || defaultName !== undefined || keywords !== undefined) batch.searchChanged.add(cardId);
      return next;
    }
    case 'PriceSet': {
      const { salePrice, offerPrice, at } = event.data;
      next.last_sale_price = salePrice;
      next.last_offer_price = offerPrice;
      writes.priceEntries.push({ card_id: cardId, position, sale_price: salePrice, offer_price: offerPrice, updated_at: at });
      return next;
    }
    case 'StockAdded':
      writes.stockEntries.push({ card_id: cardId, position, quantity: event.data.quantity, cost_per_unit: event.data.unitCost, added_at: event.data.at });
      return moveStock(batch, next, event, position);
    case 'StockReserved':
    case 'StockSold':
    case 'StockReleased':
      return moveStock(batch, next, event, position);
    default:
      return assertNever(event);
  }
}

/**
 * Stock goes through the domain's fold only (DESIGN §2). The fold treats each reservation on its own,
 * so it continues exactly from the stored (or remembered) stock plus the reserved/settled state of the
 * reservations this batch names, folded from their earlier movements: no need to keep or re-read the
 * whole ledger.
 */
function ledgerOf(batch: Batch, row: CardRow): StockLedger {
  const known = batch.ledgers.get(row.id);
  if (known) return known;
  const base = batch.remembered.ledgers.get(row.id) ?? { ...emptyStockLedger, stock: row.stock_final };
  const earlier = batch.earlier.get(row.id);
  return earlier ? { ...foldStock(earlier, { ...base, stock: 0 }), stock: base.stock } : base;
}

function moveStock(batch: Batch, row: CardRow, event: CardEvent, position: number): CardRow {
  const movement = toMovement(event);
  if (!movement) return row;
  const ledger = applyMovement(ledgerOf(batch, row), movement);
  batch.ledgers.set(row.id, ledger);
  batch.writes.movements.push({
    card_id: row.id,
    position,
    type: movement.type,
    quantity: movement.quantity,
    unit_cost: movement.unitCost ?? null,
    timestamp: movement.timestamp,
    source: movement.source ?? null,
    reservation_id: movement.reservationId ?? null,
    order_id: movement.orderId ?? null,
  });
  row.stock_final = ledger.stock;
  return row;
}

/** The reservations the batch names that the remembered ledgers do not know. */
function unknownReservations(parsed: CardEvent[], remembered: CardsMemory): string[] {
  const ids = new Set<string>();
  for (const event of parsed) {
    const id = event.type === 'StockReserved' ? event.data.reservationId : event.type === 'StockSold' ? event.data.source : undefined;
    if (id !== undefined && !knows(remembered.ledgers.get(event.data.cardId), id)) ids.add(id);
  }
  return [...ids];
}

interface ParsedBatch {
  parsed: { event: ProjectedEvent; card: CardEvent }[];
  cardIds: string[];
  remembered: CardsMemory;
  /** Cards the tables may hold that memory does not. */
  unread: string[];
  /** Reservations with movements in the tables that memory does not know. */
  unknown: string[];
}

/**
 * Memory covers every row and reservation written since `since`; a run from 0 began with empty tables
 * (a replay empties them with the checkpoint), so then there is nothing else to read.
 */
async function parseBatch(context: FoldContext, events: readonly ProjectedEvent[]): Promise<ParsedBatch> {
  const remembered = cardsMemory(context);
  const parsed = await mapInSlices(events, (event) => ({ event, card: forEvent(event, () => readCardEvent(event)) }));
  const cardIds = [...new Set(parsed.map(({ card }) => card.data.cardId))];
  const fromStart = remembered.since === 0;
  return {
    parsed, cardIds, remembered,
    unread: fromStart ? [] : cardIds.filter((id) => !remembered.rows.has(id)),
    unknown: fromStart ? [] : unknownReservations(parsed.map(({ card }) => card), remembered),
  };
}

/** Folds the batch per card in memory, remembers the result, and returns its writes: each table once. */
async function plan(context: FoldContext, input: ParsedBatch, loaded: Map<string, CardRow>, earlier: Map<string, Movement[]>): Promise<BatchWrite> {
  const { remembered } = input;
  const batch: Batch = {
    rows: new Map(
      input.cardIds.flatMap((id) => {
        const row = remembered.rows.get(id) ?? loaded.get(id);
        return row ? [[id, row] as const] : [];
      }),
    ),
    ledgers: new Map(),
    searchChanged: new Set(),
    rewritten: new Set(),
    earlier,
    remembered,
    writes: { cards: [], stock: [], searchDocs: [], movements: [], stockEntries: [], priceEntries: [] },
  };
  await mapInSlices(input.parsed, ({ event, card }) => {
    const row = forEvent(event, () => evolve(batch, card, event.position));
    batch.rows.set(row.id, row);
  });
  // Only the batch's cards were loaded, and each of them took at least one event.
  for (const row of batch.rows.values()) {
    if (batch.rewritten.has(row.id)) batch.writes.cards.push(row);
    else batch.writes.stock.push({ id: row.id, stock_final: row.stock_final, updated_at: row.updated_at, position: row.position });
  }
  batch.writes.searchDocs = [...batch.searchChanged].map((id) => {
    const { name, default_name, keywords } = batch.rows.get(id) as CardRow;
    return { id, name, default_name, keywords };
  });
  const write = cardWrites(context.tables, batch.writes);
  // Remembered before the write runs: a failed batch empties the run's memory (see `RunMemory`).
  for (const row of batch.rows.values()) remembered.rows.set(row.id, row);
  for (const [id, ledger] of batch.ledgers) remembered.ledgers.set(id, ledger);
  remembered.reservations += batch.writes.movements.filter((movement) => movement.type === 'reserva').length;
  return write;
}

async function apply(context: ApplyContext, events: readonly ProjectedEvent[]): Promise<void> {
  const { tx, tables } = context;
  const input = await parseBatch(context, events);
  const loaded = input.unread.length > 0 ? await loadCards(tx, tables, input.unread) : new Map<string, CardRow>();
  const earlier = await loadReservationMovements(tx, tables, input.cardIds, input.unknown, input.remembered.since);
  await (await plan(context, input, loaded, earlier))(tx);
}

async function fold(context: FoldContext, events: readonly ProjectedEvent[]): Promise<BatchWrite | undefined> {
  const input = await parseBatch(context, events);
  if (input.unread.length > 0 || input.unknown.length > 0) return undefined;
  return plan(context, input, new Map(), new Map());
}

/**
 * `cards` and its ledgers (spec §3): the batch's events are folded per card in memory, then each table
 * gets one multi-row write.
 */
export function cardsProjection(): Projection {
  return {
    name: CARDS_PROJECTION,
    filter: { streamPrefixes: ['card-'] },
    tables: ['cards', 'card_search', 'card_search_words', 'card_movements', 'card_stock_entries', 'card_price_entries'],
    apply,
    fold,
  };
}
