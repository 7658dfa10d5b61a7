import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller';
import { PlaceholderImageController } from './placeholder-image.controller';
import { GetHomeHandler } from './queries/get-home.handler';
import { GetLatestSetsHandler } from './queries/get-latest-sets.handler';

@Module({
  controllers: [CatalogController, PlaceholderImageController],
  providers: [GetHomeHandler, GetLatestSetsHandler],
})
export class CatalogModule {}
