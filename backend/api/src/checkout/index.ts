export { CheckoutCommand, type CheckoutInput, type CheckoutLine, type CheckoutResult } from './checkout.command';
export { CheckoutModule } from './checkout.module';
export { ReservationSweeper, SWEEPER_JOB, type SweepReport } from './reservation-sweeper.service';
