import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { messages } from '@tcg/domain';
import { ORDERS_PROJECTION, ProjectionWaiter } from '@tcg/projections';
import { AuthRequired, type AuthUser, CurrentUser } from '../auth';
import { writtenPosition } from '../web/written-position';
import { ApiError } from '../web/api-exception.filter';
import { GetMyOrdersQuery, type OrderCursor, type OrderHistoryEntry } from './queries/get-my-orders.query';

export interface MyOrdersResponse {
  orders: OrderHistoryEntry[];
  /** A position was given and the orders were not there yet when the wait ended: the list may lack that order. */
  behind: boolean;
  /** Pass it as `before` for the next page of older orders; null on the last page. */
  next: string | null;
}

/** A cursor travels as `{createdAt in ms}_{position}`; it is made by this API, never typed. */
const CURSOR = /^(\d{1,15})_(\d{1,15})$/;
/** 9999-12-31T23:59:59.999Z: PostgreSQL reads no later time as an ISO date (security QA: a 500). */
const LATEST_CREATED_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function cursorParam({ createdAtMs, position }: OrderCursor): string {
  return `${createdAtMs}_${position}`;
}

function parseCursor(before: string | undefined): OrderCursor | null {
  if (before === undefined) return null;
  const match = CURSOR.exec(before);
  if (!match || Number(match[1]) > LATEST_CREATED_MS) throw new ApiError(400, 'bad_request', 'Página no válida: vuelve a abrir tu historial de pedidos.');
  return { createdAtMs: Number(match[1]), position: Number(match[2]) };
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
   * so the order just placed is on the list the shopper lands on. `before` is an earlier answer's `next`.
   */
  @Get('mine')
  @AuthRequired(messages.orders.mustSignIn)
  async mine(
    @CurrentUser() user: AuthUser,
    @Query('position') position?: string,
    @Query('before') before?: string,
  ): Promise<MyOrdersResponse> {
    const cursor = parseCursor(before);
    const written = writtenPosition(position);
    const reached = written === undefined || (await this.waiter.waitFor(written, undefined, [ORDERS_PROJECTION]));
    const page = await this.queries.execute(new GetMyOrdersQuery(user.id, cursor));
    return { orders: page.orders, behind: !reached, next: page.next && cursorParam(page.next) };
  }
}
