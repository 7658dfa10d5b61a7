import { Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { OrderStatus } from '@tcg/domain';
import { ProjectionWaiter } from '@tcg/projections';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { AdminOnly, type AuthUser, CurrentUser } from '../../auth';
import { CancelOrderCommand, ConfirmOrderCommand } from '../../orders';
import { parsePage } from '../../web/page-param';
import { type AdminOrdersPage, ListAdminOrdersQuery } from './queries/list-admin-orders.query';

export type AdminOrdersResponse = AdminOrdersPage;

export interface OrderTransitionResponse {
  orderId: string;
  status: OrderStatus;
  /** False when the order already had this status (a repeated click). */
  changed: boolean;
  position: number;
}

@ApiTags('admin')
@AdminOnly()
@Controller('admin/orders')
export class AdminOrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly waiter: ProjectionWaiter,
  ) {}

  /** `?pending=1`: only the orders waiting for the admin. */
  @Get()
  list(@Query('page') page?: string, @Query('pending') pending?: string): Promise<AdminOrdersResponse> {
    return this.queries.execute(new ListAdminOrdersQuery(parsePage(page), pending === '1'));
  }

  /** Settles every reservation with a `venta`; a cancelled order is refused with 409. */
  @Post(':id/confirm')
  @HttpCode(200)
  confirm(@Param('id') orderId: string, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<OrderTransitionResponse> {
    return this.transition(
      new ConfirmOrderCommand(orderId, {
        correlationId: String(req.id ?? randomUUID()),
        actor: user.id,
      }),
    );
  }

  /** Releases every reservation with an `anulacion`, which puts the stock back; a confirmed order is refused with 409. */
  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@Param('id') orderId: string, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<OrderTransitionResponse> {
    return this.transition(
      new CancelOrderCommand(orderId, {
        correlationId: String(req.id ?? randomUUID()),
        actor: user.id,
      }),
    );
  }

  /** Answers once the read models show the change (bounded), so the admin's refetch sees it. */
  private async transition(command: ConfirmOrderCommand | CancelOrderCommand): Promise<OrderTransitionResponse> {
    const { orderId, status, changed, position } = await this.commands.execute(command);
    await this.waiter.waitFor(position);
    return { orderId, status, changed, position };
  }
}
