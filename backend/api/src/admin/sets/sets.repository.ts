import type { Sql } from '@tcg/projections';
import type { AdminSet, CreateSetBody, SetFields } from './admin-set.schema';

const COLUMNS = `id, name, to_char(release_date, 'YYYY-MM-DD') AS "releaseDate", preorder_available AS "preorderAvailable", products, cards`;

export async function listSets(sql: Sql): Promise<AdminSet[]> {
  const { rows } = await sql.query<AdminSet>(`SELECT ${COLUMNS} FROM sets ORDER BY release_date DESC, id`);
  return rows;
}

/**
 * A new set; null when a set with this code exists. Spec §7 writes sets "with merge", which let "Nuevo
 * set" with a code already in use overwrite that set's name, date, products and cards: an edit goes
 * through `updateSet` (docs/decisions/0005).
 */
export async function createSet(sql: Sql, set: CreateSetBody): Promise<AdminSet | null> {
  const { rows } = await sql.query<AdminSet>(
    `INSERT INTO sets (id, name, release_date, preorder_available, products, cards)
     VALUES ($1, $2, $3, $4, $5, COALESCE($6::text[], '{}'))
     ON CONFLICT (id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [set.id, set.name, set.releaseDate, set.preorderAvailable, JSON.stringify(set.products), set.cards ?? null],
  );
  return rows[0] ?? null;
}

/** Null when there is no set with this code (an edit never creates one). */
export async function updateSet(sql: Sql, id: string, set: SetFields): Promise<AdminSet | null> {
  const { rows } = await sql.query<AdminSet>(
    `UPDATE sets SET name = $2, release_date = $3, preorder_available = $4, products = $5,
            cards = COALESCE($6::text[], cards), updated_at = now()
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, set.name, set.releaseDate, set.preorderAvailable, JSON.stringify(set.products), set.cards ?? null],
  );
  return rows[0] ?? null;
}
