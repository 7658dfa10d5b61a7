import { Module } from '@nestjs/common';
import { OrdersController } from './orders.controller';
import { GetMyOrdersHandler } from './queries/get-my-orders.handler';

/** The shopper's order history, read from the `orders` read model (ProjectorModule gives the waiter). */
@Module({ controllers: [OrdersController], providers: [GetMyOrdersHandler] })
export class OrdersHttpModule {}
