import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { messages } from '@tcg/domain';
import { CARDS_PROJECTION, ProjectionWaiter } from '@tcg/projections';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { AdminOnly, type AuthUser, CurrentUser } from '../../auth';
import { AddStockCommand } from '../../inventory';
import { parseBody } from '../../catalog/zod-body.pipe';
import { ApiError } from '../../web/api-exception.filter';
import { idempotencyKeyHeader } from '../../web/idempotency-key';
import { parsePage } from '../../web/page-param';
import { writtenPosition } from '../../web/written-position';
import { addStockSchema } from './add-stock.schema';
import { type CardMovementsPage, CardMovementsQuery } from './queries/card-movements.query';
import { type StockCheckPage, type StockCheckRow, StockCheckQuery } from './queries/stock-check.query';

export type StockCheckResponse = StockCheckPage;

export type CardMovementsResponse = CardMovementsPage;

export interface AddStockResponse {
  /** The card's audit row once the read model has the ingreso, so the table can show it at once. */
  card: StockCheckRow;
  position: number;
}

@ApiTags('admin')
@AdminOnly()
@Controller('admin')
export class StockCheckController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly waiter: ProjectionWaiter,
  ) {}

  /**
   * `position`: this admin's last confirm, cancel or ingreso; the audit waits (bounded) for the cards
   * projection to reach it, so the stock it moved shows on the page opened next.
   */
  @Get('stock-check')
  async stockCheck(
    @Query('q') q: unknown,
    @Query('onlyDiff') onlyDiff: unknown,
    @Query('page') page?: string,
    @Query('position') position?: string,
  ): Promise<StockCheckResponse> {
    const written = writtenPosition(position);
    if (written !== undefined) await this.waiter.waitFor(written, undefined, [CARDS_PROJECTION]);
    return this.queries.execute(
      new StockCheckQuery({
        // A repeated parameter (`q=a&q=b`) arrives as a list: it is not a name to look for.
        q: typeof q === 'string' ? q : undefined,
        onlyDiff: onlyDiff === 'true' || onlyDiff === '1',
        page: parsePage(page),
      }),
    );
  }

  /** The latest movements, or those before `before` (an earlier answer's `earlier`). */
  @Get('cards/:id/movements')
  async movements(@Param('id') cardId: string, @Query('before') before?: string): Promise<CardMovementsResponse> {
    const page = await this.queries.execute(new CardMovementsQuery(cardId, movementsBefore(before)));
    if (!page) throw new ApiError(404, 'card_not_found', messages.catalog.cardNotFound);
    return page;
  }

  /**
   * Appends an `ingreso`. The browser's `Idempotency-Key` (optional) makes a re-sent request add the
   * stock once; the key sent with another quantity or cost is refused (422).
   */
  @Post('cards/:id/stock')
  @HttpCode(201)
  async addStock(
    @Param('id') cardId: string,
    @Body() body: unknown,
    @Headers('idempotency-key') requestId: string | undefined,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
  ): Promise<AddStockResponse> {
    const { quantity, unitCost } = parseBody(addStockSchema, body, messages.domain.invalidQuantity, 'invalid_stock');
    const key = idempotencyKeyHeader(requestId, messages.domain.invalidRequestKey);
    const context = {
      correlationId: String(req.id ?? randomUUID()),
      actor: user.id,
    };
    const { position } = await this.commands.execute(new AddStockCommand(cardId, quantity, unitCost, context, key));
    await this.waiter.waitFor(position, undefined, [CARDS_PROJECTION]);
    const {
      cards: [card],
    } = await this.queries.execute(new StockCheckQuery({ cardId }));
    return { card, position };
  }
}

function movementsBefore(before: string | undefined): number | null {
  if (before === undefined) return null;
  const position = writtenPosition(before);
  if (position === undefined) throw new ApiError(400, 'bad_request', 'Página no válida: vuelve a abrir los movimientos de la carta.');
  return position;
}
