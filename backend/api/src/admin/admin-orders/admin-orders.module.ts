import { Module } from '@nestjs/common';
import { AdminOrdersController } from './admin-orders.controller';
import { ListAdminOrdersHandler } from './queries/list-admin-orders.handler';

/** Spec §2 Admin orders: every order, and the confirm and cancel commands of the orders feature. */
@Module({
  controllers: [AdminOrdersController],
  providers: [ListAdminOrdersHandler],
})
export class AdminOrdersModule {}
