import { Module } from '@nestjs/common';
import { ProofsModule } from '../proofs';
import { InventoryModule } from '../inventory';
import { CheckoutController } from './checkout.controller';

/** The HTTP side of checkout; the command and its handler live in CheckoutModule. */
@Module({ imports: [ProofsModule, InventoryModule], controllers: [CheckoutController] })
export class CheckoutHttpModule {}
