import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PersonalDataKeys } from '@tcg/projections';
import { randomUUID } from 'node:crypto';
import { testContext } from '../../inventory/testing/write-side.fixtures';
import { ApiError } from '../../web/api-exception.filter';
import { CheckoutCommand, type CheckoutLine, type CheckoutResult } from '../checkout.command';
import { sealedCheckoutRequest } from '../checkout.handler';
import { SequentialCheckout } from '../sequential-checkout';

export const testBuyer = { userId: 'user-1', name: 'Lucía Quispe', email: 'lucia@example.pe', phone: '987654321' };

export function checkoutInput(items: CheckoutLine[], overrides: { idempotencyKey?: string; userId?: string; proofHash?: string } = {}) {
  return {
    buyer: { ...testBuyer, userId: overrides.userId ?? testBuyer.userId },
    items,
    proofKey: `proofs/${randomUUID()}.jpg`,
    proofHash: overrides.proofHash ?? randomUUID(),
    idempotencyKey: overrides.idempotencyKey ?? randomUUID(),
  };
}

export type Outcome = { ok: true; result: CheckoutResult } | { ok: false; error: ApiError };

/**
 * `command`: the CheckoutCommand, which takes the atomic way on PostgreSQL; `sequential`: the way a
 * store without multi-stream appends (EventStoreDB) takes, run here on the same PostgreSQL.
 */
export type CheckoutWay = 'command' | 'sequential';

/** Runs a checkout and keeps an ApiError as an outcome; anything else fails the test. */
export async function tryCheckout(
  app: INestApplication,
  input: ReturnType<typeof checkoutInput>,
  way: CheckoutWay = 'command',
): Promise<Outcome> {
  try {
    const result =
      way === 'command'
        ? await app.get(CommandBus).execute(new CheckoutCommand(input, testContext))
        : await app.get(SequentialCheckout).place(await sealedCheckoutRequest(app.get(PersonalDataKeys), input, testContext));
    return { ok: true, result };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error };
    throw error;
  }
}
