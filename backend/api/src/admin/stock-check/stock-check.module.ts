import { Module } from '@nestjs/common';
import { CardMovementsHandler } from './queries/card-movements.handler';
import { StockCheckHandler } from './queries/stock-check.handler';
import { StockCheckController } from './stock-check.controller';

/** Spec §2 Admin stock audit: recorded against computed stock, each card's movements, and adding stock. */
@Module({
  controllers: [StockCheckController],
  providers: [StockCheckHandler, CardMovementsHandler],
})
export class StockCheckModule {}
