import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { SetDetail } from '@tcg/domain';
import type { Database } from '@tcg/projections';
import { DATABASE } from '../../database/database.module';
import { GetSetQuery } from './get-set.query';

interface SetDetailRow {
  id: string;
  name: string;
  releaseDate: string;
  imageUrl: string | null;
  preorderAvailable: boolean;
  products: Partial<SetDetail['products']> | null;
}

@QueryHandler(GetSetQuery)
export class GetSetHandler implements IQueryHandler<GetSetQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async execute({ setId }: GetSetQuery): Promise<SetDetail | null> {
    const { rows } = await this.db.query<SetDetailRow>(
      `SELECT id, name, to_char(release_date, 'YYYY-MM-DD') AS "releaseDate", image_url AS "imageUrl",
              preorder_available AS "preorderAvailable", products
         FROM sets WHERE id = $1`,
      [setId],
    );
    const row = rows[0];
    if (!row) return null;
    // `products` is free-form JSON written by the admin tool; a missing flag means "not offered".
    const products = {
      booster: row.products?.booster === true,
      display: row.products?.display === true,
      cartaSuelta: row.products?.cartaSuelta === true,
    };
    return { ...row, products };
  }
}
