import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller';
import { PlaceholderImageController } from './placeholder-image.controller';
import { CheckCartHandler } from './queries/check-cart.handler';
import { GetCardHandler } from './queries/get-card.handler';
import { GetHomeHandler } from './queries/get-home.handler';
import { GetLatestSetsHandler } from './queries/get-latest-sets.handler';
import { GetSetHandler } from './queries/get-set.handler';

@Module({
  controllers: [CatalogController, PlaceholderImageController],
  providers: [GetHomeHandler, GetLatestSetsHandler, GetSetHandler, GetCardHandler, CheckCartHandler],
})
export class CatalogModule {}
