import type { Movement, MovementType } from '@tcg/domain';
import type { Sql } from '../db/sql';
import { arrayLiteral, type Column, columnArrays, copyRowsOf } from './column-arrays';
import type { BatchWrite, TableNames } from './projection';
import { quoteIdent } from '../db/pg-database';

/** A `cards` row as the projection keeps it in memory while it folds a batch. */
export interface CardRow {
  id: string;
  name: string;
  default_name: string;
  spanish_name: string | null;
  image_url: string | null;
  image_small_url: string | null;
  rarity: string;
  edition: string;
  set_name: string;
  set_code: string;
  set_id: string;
  language: string;
  keywords: string[];
  stock_final: number;
  last_sale_price: number;
  last_offer_price: number | null;
  listed_at: string | Date | null;
  updated_at: string | Date;
  position: number;
}

export interface MovementRow {
  card_id: string;
  position: number;
  type: string;
  quantity: number;
  unit_cost: number | null;
  timestamp: string;
  source: string | null;
  reservation_id: string | null;
  order_id: string | null;
}

export interface StockEntryRow {
  card_id: string;
  position: number;
  quantity: number;
  cost_per_unit: number;
  added_at: string;
}

export interface PriceEntryRow {
  card_id: string;
  position: number;
  sale_price: number;
  offer_price: number | null;
  updated_at: string;
}

const CARD_COLUMNS: Record<keyof CardRow, string> = {
  id: 'text',
  name: 'text',
  default_name: 'text',
  spanish_name: 'text',
  image_url: 'text',
  image_small_url: 'text',
  rarity: 'text',
  edition: 'text',
  set_name: 'text',
  set_code: 'text',
  set_id: 'text',
  language: 'text',
  keywords: 'text[]',
  stock_final: 'bigint',
  last_sale_price: 'bigint',
  last_offer_price: 'bigint',
  listed_at: 'timestamptz',
  updated_at: 'timestamptz',
  position: 'bigint',
};

/** The inputs of a card's search document; `card_search` derives the searchable columns from them. */
export interface SearchDocRow {
  id: string;
  name: string;
  default_name: string;
  keywords: string[];
}

const SEARCH_DOC_COLUMNS: Record<keyof SearchDocRow, string> = {
  id: 'text',
  name: 'text',
  default_name: 'text',
  keywords: 'text[]',
};

const MOVEMENT_COLUMNS: readonly Column<MovementRow>[] = [
  ['card_id', 'text', (row) => row.card_id],
  ['position', 'bigint', (row) => row.position],
  ['type', 'text', (row) => row.type],
  ['quantity', 'bigint', (row) => row.quantity],
  ['unit_cost', 'bigint', (row) => row.unit_cost],
  ['timestamp', 'timestamptz', (row) => row.timestamp],
  ['source', 'text', (row) => row.source],
  ['reservation_id', 'text', (row) => row.reservation_id],
  ['order_id', 'text', (row) => row.order_id],
];

const STOCK_ENTRY_COLUMNS: readonly Column<StockEntryRow>[] = [
  ['card_id', 'text', (row) => row.card_id],
  ['position', 'bigint', (row) => row.position],
  ['quantity', 'bigint', (row) => row.quantity],
  ['cost_per_unit', 'bigint', (row) => row.cost_per_unit],
  ['added_at', 'timestamptz', (row) => row.added_at],
];

const PRICE_ENTRY_COLUMNS: readonly Column<PriceEntryRow>[] = [
  ['card_id', 'text', (row) => row.card_id],
  ['position', 'bigint', (row) => row.position],
  ['sale_price', 'bigint', (row) => row.sale_price],
  ['offer_price', 'bigint', (row) => row.offer_price],
  ['updated_at', 'timestamptz', (row) => row.updated_at],
];

function recordset(columns: Record<string, string>): { names: string; definition: string } {
  const entries = Object.entries(columns);
  return {
    names: entries.map(([name]) => quoteIdent(name)).join(', '),
    definition: entries.map(([name, type]) => `${quoteIdent(name)} ${type}`).join(', '),
  };
}

/** One statement of a batch's writes, its parameters already serialized. */
interface Statement {
  table: string;
  /** Runs it; resolves to the rows it changed. */
  run(tx: Sql): Promise<number>;
  /** Rows the statement must change, when a shortfall means the read model is broken. */
  expectRows?: number;
}

function query(table: string, sql: string, params: unknown[], expectRows?: number): Statement {
  return { table, run: async (tx) => (await tx.query(sql, params)).rowCount, expectRows };
}

/**
 * Many rows in one statement: the batch travels as one JSON array and PostgreSQL unpacks it. One
 * round trip per table per batch is what lets a replay keep up with the raw read rate. For rows with
 * array columns (keywords), which `unnest` cannot take apart.
 */
function upsertJson(table: string, columns: Record<string, string>, rows: readonly object[], conflict: string): Statement[] {
  if (rows.length === 0) return [];
  const { names, definition } = recordset(columns);
  return [
    query(table, `INSERT INTO ${quoteIdent(table)} (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS x(${definition}) ${conflict}`, [
      JSON.stringify(rows),
    ]),
  ];
}

/** New rows of an append-only table, loaded with COPY, which loads every row or fails. */
function copyMany<T>(table: string, columns: readonly Column<T>[], rows: readonly T[]): Statement[] {
  if (rows.length === 0) return [];
  const copy = copyRowsOf(table, columns, rows);
  return [{ table, run: (tx) => tx.copyRows(copy.table, copy.columns, copy.text) }];
}

const CARD_UPDATE = Object.keys(CARD_COLUMNS)
  .filter((name) => name !== 'id')
  .map((name) => `${quoteIdent(name)} = EXCLUDED.${quoteIdent(name)}`)
  .join(', ');

export async function loadCards(tx: Sql, tables: TableNames, ids: readonly string[]): Promise<Map<string, CardRow>> {
  const { rows } = await tx.query<CardRow>(
    `SELECT ${recordset(CARD_COLUMNS).names} FROM ${quoteIdent(tables.cards)} WHERE id = ANY($1::text[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The earlier movements (up to position `upTo`) the stock fold needs to continue for these
 * reservations: each one's `reserva` and the `venta` that settled it, if any. Other movements are
 * already summed in `stock_final`.
 */
export async function loadReservationMovements(
  tx: Sql,
  tables: TableNames,
  cardIds: readonly string[],
  reservationIds: readonly string[],
  upTo: number,
): Promise<Map<string, Movement[]>> {
  const byCard = new Map<string, Movement[]>();
  if (reservationIds.length === 0) return byCard;
  const { rows } = await tx.query<{ card_id: string; type: MovementType; quantity: number; timestamp: Date; source: string | null; reservation_id: string | null }>(
    `SELECT card_id, type, quantity, timestamp, source, reservation_id FROM ${quoteIdent(tables.card_movements)}
      WHERE ((type = 'reserva' AND reservation_id = ANY($2::text[])) OR (type = 'venta' AND source = ANY($2::text[])))
        AND card_id = ANY($1::text[]) AND position <= $3
      ORDER BY position`,
    [cardIds, reservationIds, upTo],
  );
  for (const row of rows) {
    const movement: Movement = { type: row.type, quantity: row.quantity, timestamp: new Date(row.timestamp).toISOString() };
    if (row.source !== null) movement.source = row.source;
    if (row.reservation_id !== null) movement.reservationId = row.reservation_id;
    byCard.set(row.card_id, [...(byCard.get(row.card_id) ?? []), movement]);
  }
  return byCard;
}

/** A card whose batch only moved stock: three columns change, the rest of the row stays as stored. */
export interface StockRow {
  id: string;
  stock_final: number;
  updated_at: string | Date;
  position: number;
}

const STOCK_ROW_COLUMNS: readonly Column<StockRow>[] = [
  ['id', 'text', (row) => row.id],
  ['stock_final', 'bigint', (row) => row.stock_final],
  ['updated_at', 'timestamptz', (row) => row.updated_at],
  ['position', 'bigint', (row) => row.position],
];

/** Stock-only changes of stored rows; a stored row that is missing halts the projection. */
function updateStock(table: string, rows: readonly StockRow[]): Statement[] {
  if (rows.length === 0) return [];
  const { sql, params } = columnArrays(STOCK_ROW_COLUMNS, rows);
  return [
    query(
      table,
      `UPDATE ${quoteIdent(table)} c SET stock_final = x.stock_final, updated_at = x.updated_at, position = x.position FROM ${sql} WHERE c.id = x.id`,
      params,
      rows.length,
    ),
  ];
}

export interface CardWrites {
  /** Whole rows: new cards, and cards whose listing, details or prices changed. */
  cards: CardRow[];
  stock: StockRow[];
  /** Only cards whose names or keywords changed in the batch: the search index is not touched otherwise. */
  searchDocs: SearchDocRow[];
  movements: MovementRow[];
  stockEntries: StockEntryRow[];
  priceEntries: PriceEntryRow[];
}

/**
 * The batch's writes, each table in one statement. Everything is serialized now, so the rows (which
 * the run's memory keeps and the next batch changes in place) may change before the writes run.
 */
export function cardWrites(tables: TableNames, writes: CardWrites): BatchWrite {
  const statements = [
    ...upsertJson(tables.cards, CARD_COLUMNS, writes.cards, `ON CONFLICT (id) DO UPDATE SET ${CARD_UPDATE}`),
    ...updateStock(tables.cards, writes.stock),
    ...upsertJson(
      tables.card_search,
      SEARCH_DOC_COLUMNS,
      writes.searchDocs,
      `ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, default_name = EXCLUDED.default_name, keywords = EXCLUDED.keywords`,
    ),
  ];
  if (writes.searchDocs.length > 0) {
    statements.push(
      query(
        tables.card_search_words,
        `INSERT INTO ${quoteIdent(tables.card_search_words)} (word)
         SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM ${quoteIdent(tables.card_search)} WHERE id = ANY($1::text[])
         ON CONFLICT (word) DO NOTHING`,
        [arrayLiteral(writes.searchDocs, (doc) => doc.id)],
      ),
    );
  }
  statements.push(
    ...copyMany(tables.card_movements, MOVEMENT_COLUMNS, writes.movements),
    ...copyMany(tables.card_stock_entries, STOCK_ENTRY_COLUMNS, writes.stockEntries),
    ...copyMany(tables.card_price_entries, PRICE_ENTRY_COLUMNS, writes.priceEntries),
  );
  return async (tx) => {
    for (const statement of statements) {
      const rowCount = await statement.run(tx);
      if (statement.expectRows !== undefined && rowCount !== statement.expectRows) {
        throw new Error(`${statement.expectRows - rowCount} of the batch's cards are missing from ${statement.table}`);
      }
    }
  };
}
