import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory';
import { OrdersModule } from '../orders';
import { CheckoutHandler } from './checkout.handler';
import { IdempotencyKeysStore } from './idempotency-keys.store';
import { ReservationAttemptsStore } from './reservation-attempts.store';
import { ReservationReleaser } from './reservation-releaser';
import { ReservationSweeper } from './reservation-sweeper.service';

/** The checkout command and the sweeper that cleans up after checkouts that died halfway. */
@Module({
  imports: [InventoryModule, OrdersModule],
  providers: [CheckoutHandler, IdempotencyKeysStore, ReservationAttemptsStore, ReservationReleaser, ReservationSweeper],
  exports: [ReservationSweeper],
})
export class CheckoutModule {}
