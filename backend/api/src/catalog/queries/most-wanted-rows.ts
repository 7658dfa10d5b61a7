import type { Sql } from '@tcg/projections';

/**
 * Most Wanted entries (spec §3) with the card's live figures: the entry keeps what the admin chose (the
 * card, its link, when) and a copy made when it was saved, which stands in only for a card no longer
 * listed. Stock, price and picture move after the save (a restock, a new price, the picture job). Each
 * entry looks its card up by primary key (the LIMIT keeps the planner from turning the lookup back into a
 * join): a 16-row table is never analysed by autovacuum (50 changed rows first), and without its statistics
 * the planner read every card to join them (10.5 ms at 20,000 cards, 0.3 ms so).
 */
export function mostWantedRows<Row>(sql: Sql, extraColumns: string, limit: number | null): Promise<{ rows: Row[] }> {
  return sql.query<Row>(
    `SELECT m.id, m.card_id AS "cardId", COALESCE(c.default_name, m.default_name) AS "defaultName",
            COALESCE(c.set_name, m.set_name) AS "set", COALESCE(c.image_small_url, m.image_small_url) AS "imageSmallUrl",
            CASE WHEN c.id IS NULL THEN m.price ELSE c.price END AS price,
            CASE WHEN c.id IS NULL THEN m.in_stock ELSE c.stock_final > 0 END AS "inStock", m.link${extraColumns}
       FROM home_most_wanted m
       LEFT JOIN LATERAL (SELECT * FROM cards WHERE cards.id = m.card_id LIMIT 1) c ON true
      ORDER BY m.created_at_ms DESC LIMIT $1`,
    [limit],
  );
}
