import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { messages } from '@tcg/domain';
import { ORDERS_PROJECTION, ProjectionWaiter } from '@tcg/projections';
import { AuthRequired, type AuthUser, CurrentUser } from '../auth';
import { writtenPosition } from '../web/written-position';
import { GetMyOrdersQuery, type OrderHistoryEntry } from './queries/get-my-orders.query';

export interface MyOrdersResponse {
  orders: OrderHistoryEntry[];
  /** A position was given and the orders were not there yet when the wait ended: the list may lack that order. */
  behind: boolean;
}

@ApiTags('orders')
@Controller('orders')
export class OrdersController {
  constructor(
    private readonly queries: QueryBus,
    private readonly waiter: ProjectionWaiter,
  ) {}

  /**
   * `position` is what the checkout answered: the read model is given a moment (bounded) to reach it,
   * so the order just placed is on the list the shopper lands on.
   */
  @Get('mine')
  @AuthRequired(messages.orders.mustSignIn)
  async mine(@CurrentUser() user: AuthUser, @Query('position') position?: string): Promise<MyOrdersResponse> {
    const written = writtenPosition(position);
    const reached = written === undefined || (await this.waiter.waitFor(written, undefined, [ORDERS_PROJECTION]));
    return { orders: await this.queries.execute(new GetMyOrdersQuery(user.id)), behind: !reached };
  }
}
