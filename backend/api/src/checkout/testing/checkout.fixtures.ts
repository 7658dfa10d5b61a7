import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { testContext } from '../../inventory/testing/write-side.fixtures';
import { ApiError } from '../../web/api-exception.filter';
import { CheckoutCommand, type CheckoutLine, type CheckoutResult } from '../checkout.command';

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

/** Runs a checkout and keeps an ApiError as an outcome; anything else fails the test. */
export async function tryCheckout(app: INestApplication, input: ReturnType<typeof checkoutInput>): Promise<Outcome> {
  try {
    return { ok: true, result: await app.get(CommandBus).execute(new CheckoutCommand(input, testContext)) };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error };
    throw error;
  }
}
