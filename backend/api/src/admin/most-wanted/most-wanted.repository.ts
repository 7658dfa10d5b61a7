import { type Database, type Sql, typedSetCode } from '@tcg/projections';
import { mostWantedRows } from '../../catalog/queries/most-wanted-rows';
import type { AdminMostWantedEntry, MostWantedCandidate } from './most-wanted.schema';

const CANDIDATES_SHOWN = 50;

export async function listEntries(sql: Sql): Promise<AdminMostWantedEntry[]> {
  const { rows } = await mostWantedRows<AdminMostWantedEntry>(sql, `, m.created_at_ms::float8 AS "createdAtMs"`, null);
  return rows;
}

const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Cards matching `q` in either name or code (all cards when blank), most recently changed first. The code
 * as typed for it ('lob en001', a typed dash) is read as the stock audit and the search read it.
 */
export async function searchCandidates(sql: Sql, q: string): Promise<MostWantedCandidate[]> {
  const { rows } = await sql.query<MostWantedCandidate>(
    `SELECT id, name, default_name AS "defaultName", set_name AS "set", set_code AS "setCode", rarity,
            image_small_url AS "imageSmallUrl", stock_final AS "stockFinal", COALESCE(last_offer_price, last_sale_price) AS price
       FROM cards
      WHERE $1 = '' OR name ILIKE $2 OR default_name ILIKE $2 OR set_code ILIKE $3
      ORDER BY updated_at DESC, id LIMIT $4`,
    [q.trim(), containing(q.trim()), containing(typedSetCode(q)), CANDIDATES_SHOWN],
  );
  return rows;
}

/**
 * Spec §7 "batch delete, set": the entries are replaced in one transaction, so the home page never
 * shows half a list. Answers the ids not found among the cards (nothing is written then).
 */
export async function replaceEntries(db: Database, cardIds: string[], nowMs: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    // Saves take turns (the mode conflicts with itself, not with readers): a second save's DELETE waits
    // for the first to commit and then sees its entries, so the last save is the list, never both merged.
    await tx.query('LOCK TABLE home_most_wanted IN SHARE ROW EXCLUSIVE MODE');
    const { rows } = await tx.query<{ id: string; default_name: string; set_name: string; image_small_url: string | null; stock_final: number; price: number | null }>(
      `SELECT id, default_name, set_name, image_small_url, stock_final, COALESCE(last_offer_price, last_sale_price) AS price
         FROM cards WHERE id = ANY($1::text[])`,
      [cardIds],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const missing = cardIds.filter((id) => !byId.has(id));
    if (missing.length > 0) return missing;
    await tx.query('DELETE FROM home_most_wanted');
    for (const [index, cardId] of cardIds.entries()) {
      const card = byId.get(cardId)!;
      // The home page orders by created_at_ms descending: one millisecond apart keeps the admin's order.
      await tx.query(
        `INSERT INTO home_most_wanted (card_id, default_name, set_name, image_small_url, price, in_stock, link, created_at_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [cardId, card.default_name, card.set_name, card.image_small_url, card.price, card.stock_final > 0, `/product/${encodeURIComponent(cardId)}`, nowMs - index],
      );
    }
    return [];
  });
}
