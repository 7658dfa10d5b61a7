import { Module } from '@nestjs/common';
import { AdminOrdersModule } from './admin-orders/admin-orders.module';
import { StockCheckModule } from './stock-check/stock-check.module';

/** The admin panel's API under /api/admin; every controller in it is @AdminOnly(). */
@Module({ imports: [AdminOrdersModule, StockCheckModule] })
export class AdminModule {}
