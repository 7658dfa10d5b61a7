import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { HomeResponse, HomeSlide, MostWantedEntry } from '@tcg/domain';
import type { Database } from '@tcg/projections';
import { DATABASE } from '../../database/database.module';
import { GetHomeQuery } from './get-home.query';
import { mostWantedRows } from './most-wanted-rows';
import { latestSets } from './set-rows';

/** Spec §9: Most Wanted up to 16, latest sets 12 on home. */
export const HOME_MOST_WANTED_LIMIT = 16;
export const HOME_LATEST_SETS = 12;

@QueryHandler(GetHomeQuery)
export class GetHomeHandler implements IQueryHandler<GetHomeQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async execute(): Promise<HomeResponse> {
    const [slides, mostWanted, sets] = await Promise.all([
      this.db.query<HomeSlide>(
        `SELECT id, title, desktop_url AS "desktopUrl", mobile_url AS "mobileUrl", alt, link, "order"
           FROM home_slides WHERE visible ORDER BY "order", created_at_ms`,
      ),
      mostWantedRows<MostWantedEntry>(this.db, '', HOME_MOST_WANTED_LIMIT),
      latestSets(this.db, HOME_LATEST_SETS),
    ]);
    return { slides: slides.rows, mostWanted: mostWanted.rows, latestSets: sets };
  }
}
