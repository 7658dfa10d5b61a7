import { Module } from '@nestjs/common';
import { MostWantedController } from './most-wanted.controller';

/** /api/admin/most-wanted: the home page's Most Wanted entries, copied from the cards read model. */
@Module({ controllers: [MostWantedController] })
export class AdminMostWantedModule {}
