import type { Sql } from '@tcg/projections';
import type { AdminSlide, CreateSlideBody } from './admin-slide.schema';

const COLUMNS = `id, title, desktop_url AS "desktopUrl", mobile_url AS "mobileUrl", alt, link, "order", visible,
  created_at AS "createdAt", created_at_ms::float8 AS "createdAtMs"`;

/** Spec §7: the admin sees every slide, newest first. */
export async function listSlides(sql: Sql): Promise<AdminSlide[]> {
  const { rows } = await sql.query<AdminSlide>(`SELECT ${COLUMNS} FROM home_slides ORDER BY created_at_ms DESC, id`);
  return rows;
}

/** The stored values of a slide's fields, in the column order of the statements below. */
function slideValues(slide: CreateSlideBody): unknown[] {
  // Alt text defaults to the title, so a screen reader still says what the slide shows.
  return [slide.title, slide.desktopUrl, slide.mobileUrl, slide.alt ?? slide.title ?? '', slide.link, slide.order, slide.visible];
}

export async function insertSlide(sql: Sql, slide: CreateSlideBody): Promise<AdminSlide> {
  const { rows } = await sql.query<AdminSlide>(
    `INSERT INTO home_slides (title, desktop_url, mobile_url, alt, link, "order", visible)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    slideValues(slide),
  );
  return rows[0];
}

/** Every field of a slide but its id and creation time; null when there is no such slide. */
export async function updateSlide(sql: Sql, id: string, slide: CreateSlideBody): Promise<AdminSlide | null> {
  const { rows } = await sql.query<AdminSlide>(
    `UPDATE home_slides SET title = $2, desktop_url = $3, mobile_url = $4, alt = $5, link = $6, "order" = $7, visible = $8
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, ...slideValues(slide)],
  );
  return rows[0] ?? null;
}

/** Null when there is no such slide. */
export async function setSlideVisibility(sql: Sql, id: string, visible: boolean): Promise<AdminSlide | null> {
  const { rows } = await sql.query<AdminSlide>(`UPDATE home_slides SET visible = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [id, visible]);
  return rows[0] ?? null;
}

/** False when there was no such slide. */
export async function deleteSlide(sql: Sql, id: string): Promise<boolean> {
  const { rowCount } = await sql.query('DELETE FROM home_slides WHERE id = $1', [id]);
  return rowCount > 0;
}
