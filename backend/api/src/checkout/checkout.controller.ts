import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { checkoutRequestSchema, messages, type OrderState, orderStreamName } from '@tcg/domain';
import type { Database, EventStore } from '@tcg/projections';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { AuthRequired, type AuthUser, CurrentUser } from '../auth';
import { updatePhone } from '../auth/users.repository';
import { DATABASE } from '../database/database.module';
import { EVENT_STORE } from '../event-store/event-store.module';
import { orderStream, type StreamSnapshot, StreamDecider } from '../inventory';
import { ProofStore, UserAttemptLimit } from '../proofs';
import { ApiError } from '../web/api-exception.filter';
import { idempotencyKeyHeader, isIdempotencyKey } from '../web/idempotency-key';
import { CheckoutCommand } from './checkout.command';
import { checkoutOrderId } from './checkout.handler';
import { checkoutMessages } from './checkout.messages';
import { placedPosition } from './placed-position';

export interface CheckoutResponse {
  orderId: string;
  /** Pass it to GET /api/orders/mine?position= so the new order is there on the next page. */
  position: number;
}

/** An earlier submit's order, found by its Idempotency-Key: the cards it took, to take them out of the cart. */
export interface CheckoutAttemptResponse extends CheckoutResponse {
  items: { cardId: string; quantity: number }[];
  /** pendiente_confirmación_pago, confirmado or anulado: a cancelled order gave its units back. */
  status: string;
}

export const CHECKOUTS_PER_MINUTE = 10;

type PlacedOrder = Exclude<OrderState, { status: 'none' | 'abandoned' }>;

const missingIdempotencyKey = 'No pudimos identificar tu pedido. Recarga la página e inténtalo de nuevo.';

@ApiTags('checkout')
@Controller('checkout')
export class CheckoutController {
  constructor(
    private readonly commands: CommandBus,
    private readonly proofs: ProofStore,
    private readonly decider: StreamDecider,
    private readonly attempts: UserAttemptLimit,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /**
   * Whether a submit under this key placed an order for the signed-in shopper. The browser asks when it
   * comes back to the checkout with a submit whose answer it never got (a lost connection, a reload):
   * a 404 means nothing was placed. Read from the order's stream, so it holds the moment the order does.
   */
  @Get(':key')
  @AuthRequired(messages.checkout.mustSignIn)
  async attempt(@CurrentUser() user: AuthUser, @Param('key') key: string): Promise<CheckoutAttemptResponse> {
    if (!isIdempotencyKey(key)) throw new ApiError(400, 'invalid_idempotency_key', missingIdempotencyKey);
    const orderId = checkoutOrderId(user.id, key.toLowerCase());
    const snapshot = await this.placedOrder(orderId);
    if (!snapshot) throw new ApiError(404, 'not_found', checkoutMessages.notPlaced);
    const { state } = snapshot;
    return {
      orderId,
      position: await placedPosition(this.store, orderId, snapshot),
      items: state.order.items.map(({ cardId, quantity }) => ({ cardId, quantity })),
      status: state.status,
    };
  }

  /**
   * Places the order for the signed-in shopper. The e-mail is the account's (read-only on the form),
   * the proof must be one this shopper uploaded, and its hash is taken from the stored bytes.
   */
  @Post()
  @HttpCode(201)
  @AuthRequired(messages.checkout.mustSignIn)
  async checkout(
    @CurrentUser() user: AuthUser,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Body() body: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CheckoutResponse> {
    const key = idempotencyKeyHeader(idempotencyKey, missingIdempotencyKey);
    if (!key) throw new ApiError(400, 'invalid_idempotency_key', missingIdempotencyKey);
    // A check the schema does not word (an item without its card, say) gets §5's all-fields text, not zod's English.
    // A form it refuses costs nothing and is not counted: a shopper correcting a field is not checking out again.
    const parsed = checkoutRequestSchema.safeParse(body, { error: () => messages.checkout.missingFields });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      throw new ApiError(400, 'invalid_checkout', issue.message, { field: issue.path.join('.') });
    }
    const form = parsed.data;
    // The limit is on checkouts (DESIGN §8): a submit re-sent under its key (a lost answer, a busy shop) is the same
    // one, and one whose order is placed is answered again without counting, whatever the window says.
    if (!(await this.placedOrder(checkoutOrderId(user.id, key)))) {
      await this.attempts.admit('checkout', user.id, key, CHECKOUTS_PER_MINUTE, res);
    }
    const proofHash = await this.proofs.hashOfOwn(form.proofKey, user.id);
    if (!proofHash) throw new ApiError(400, 'invalid_proof', messages.checkout.invalidFile, { field: 'proofKey' });
    const placed = await this.commands.execute(
      new CheckoutCommand(
        {
          buyer: { userId: user.id, name: form.name, email: user.email, phone: form.phone },
          items: form.items,
          proofKey: form.proofKey,
          proofHash,
          idempotencyKey: key,
        },
        { correlationId: String(req.id ?? randomUUID()), actor: user.id },
      ),
    );
    // Spec §5: the account keeps the phone of the last order, so the next checkout is prefilled.
    if (user.phone !== form.phone) await updatePhone(this.db, user.id, form.phone);
    return { orderId: placed.orderId, position: placed.position };
  }

  /** The order a submit under this key placed, read from its stream; null when none was (or it was abandoned). */
  private async placedOrder(orderId: string): Promise<StreamSnapshot<PlacedOrder> | null> {
    const snapshot = await this.decider.load(orderStream, orderStreamName(orderId));
    const { state } = snapshot;
    return state.status === 'none' || state.status === 'abandoned' ? null : { ...snapshot, state };
  }
}
