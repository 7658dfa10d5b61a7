import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory';
import { CancelOrderHandler } from './commands/cancel-order.handler';
import { ConfirmOrderHandler } from './commands/confirm-order.handler';
import { PlaceOrderHandler } from './commands/place-order.handler';

export const OrderCommandHandlers = [PlaceOrderHandler, ConfirmOrderHandler, CancelOrderHandler];

@Module({ imports: [InventoryModule], providers: [...OrderCommandHandlers] })
export class OrdersModule {}
