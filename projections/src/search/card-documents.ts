import type { Sql } from '../db/sql';
import type { CardDocument } from './search-index.port';

interface DocumentRow {
  id: string;
  name: string;
  default_name: string;
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
  updated_at: Date | string;
}

function toDocument(row: DocumentRow): CardDocument {
  return {
    id: row.id,
    name: row.name,
    defaultName: row.default_name,
    imageUrl: row.image_url,
    imageSmallUrl: row.image_small_url,
    rarity: row.rarity,
    edition: row.edition,
    set: row.set_name,
    setCode: row.set_code,
    setId: row.set_id,
    language: row.language,
    keywords: row.keywords,
    stockFinal: row.stock_final,
    lastSalePrice: row.last_sale_price,
    lastOfferPrice: row.last_offer_price,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Search documents are derived from the `cards` read model, so both indexes show the same cards. */
export async function readCardDocuments(sql: Sql, ids: readonly string[]): Promise<CardDocument[]> {
  const { rows } = await sql.query<DocumentRow>(
    `SELECT id, name, default_name, image_url, image_small_url, rarity, edition, set_name, set_code, set_id, language,
            keywords, stock_final, last_sale_price, last_offer_price, updated_at
       FROM cards WHERE id = ANY($1::text[])`,
    [ids],
  );
  return rows.map(toDocument);
}
