import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory';
import { OrdersModule } from '../orders';
import { ProofsModule } from '../proofs';
import { AtomicCheckout } from './atomic-checkout';
import { CheckoutHandler } from './checkout.handler';
import { ClosedOrdersStore } from './closed-orders.store';
import { IdempotencyKeysStore } from './idempotency-keys.store';
import { OrderProofsStore } from './order-proofs.store';
import { ReservationAttemptsStore } from './reservation-attempts.store';
import { ReservationReleaser } from './reservation-releaser';
import { ReservationSweeper } from './reservation-sweeper.service';
import { SequentialCheckout } from './sequential-checkout';

/** The checkout command and the sweeper that cleans up after sequential checkouts that died halfway. */
@Module({
  imports: [InventoryModule, OrdersModule, ProofsModule],
  providers: [
    CheckoutHandler,
    AtomicCheckout,
    SequentialCheckout,
    IdempotencyKeysStore,
    OrderProofsStore,
    ReservationAttemptsStore,
    ClosedOrdersStore,
    ReservationReleaser,
    ReservationSweeper,
  ],
  exports: [ReservationSweeper],
})
export class CheckoutModule {}
