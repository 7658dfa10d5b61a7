import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { HomeResponse, LatestSetsResponse } from '@tcg/domain';
import { GetHomeQuery } from './queries/get-home.query';
import { GetLatestSetsQuery } from './queries/get-latest-sets.query';

/** Spec §9: the menu lists the 10 newest sets. */
const MENU_LATEST_SETS = 10;

@ApiTags('catalog')
@Controller()
export class CatalogController {
  constructor(private readonly queries: QueryBus) {}

  @Get('home')
  home(): Promise<HomeResponse> {
    return this.queries.execute(new GetHomeQuery());
  }

  @Get('sets/latest')
  async latestSets(): Promise<LatestSetsResponse> {
    return { sets: await this.queries.execute(new GetLatestSetsQuery(MENU_LATEST_SETS)) };
  }
}
