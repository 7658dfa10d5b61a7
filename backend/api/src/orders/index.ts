export { CancelOrderCommand } from './commands/cancel-order.command';
export { ConfirmOrderCommand } from './commands/confirm-order.command';
export type { OrderCommandResult } from './commands/order-command-result';
export { PlaceOrderCommand } from './commands/place-order.command';
export { OrdersModule } from './orders.module';
