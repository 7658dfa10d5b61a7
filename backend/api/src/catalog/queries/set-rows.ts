import type { SetSummary } from '@tcg/domain';
import type { Sql } from '@tcg/projections';

interface SetRow {
  id: string;
  name: string;
  release_date: string;
  image_url: string | null;
}

/** Sets newest first (spec §7: ordered by releaseDate descending). */
export async function latestSets(sql: Sql, limit: number): Promise<SetSummary[]> {
  const { rows } = await sql.query<SetRow>(
    `SELECT id, name, to_char(release_date, 'YYYY-MM-DD') AS release_date, image_url
       FROM sets ORDER BY release_date DESC, id LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({ id: row.id, name: row.name, releaseDate: row.release_date, imageUrl: row.image_url }));
}
