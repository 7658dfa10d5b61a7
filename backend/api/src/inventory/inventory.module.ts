import { Module } from '@nestjs/common';
import { AddStockHandler } from './commands/add-stock.handler';
import { ChangeCardDetailsHandler } from './commands/change-card-details.handler';
import { ListCardHandler } from './commands/list-card.handler';
import { ReceiveCardHandler } from './commands/receive-card.handler';
import { ReleaseReservationHandler } from './commands/release-reservation.handler';
import { ReserveStockHandler } from './commands/reserve-stock.handler';
import { SetPriceHandler } from './commands/set-price.handler';
import { SettleReservationHandler } from './commands/settle-reservation.handler';
import { StreamDecider, WriteMetrics } from './streams';

export const CardCommandHandlers = [
  ListCardHandler,
  ChangeCardDetailsHandler,
  SetPriceHandler,
  AddStockHandler,
  ReceiveCardHandler,
  ReserveStockHandler,
  SettleReservationHandler,
  ReleaseReservationHandler,
];

/**
 * The card streams' write side. `StreamDecider` (load from snapshot, decide, append with the expected
 * revision, retry) is exported for the other event-sourced features, so one process keeps one
 * snapshot cache.
 */
@Module({
  providers: [StreamDecider, WriteMetrics, ...CardCommandHandlers],
  exports: [StreamDecider, WriteMetrics],
})
export class InventoryModule {}
