import { z } from 'zod';
import { MAX_MOVEMENT_UNITS } from '../inventory/limits';
import { MAX_AMOUNT_CENTS } from '../money';
import { messages } from '../messages';
import { type BuyerFields, firstBuyerProblem, normaliseBuyer } from './buyer-fields';

export const checkoutItemSchema = z.object({
  cardId: z.string().trim().min(1),
  quantity: z
    .int({ error: messages.domain.invalidQuantity })
    .min(1, { error: messages.domain.invalidQuantity })
    .max(MAX_MOVEMENT_UNITS, { error: messages.domain.invalidQuantity }),
  /** The price the shopper saw, in céntimos; the server refuses the order if it is no longer current. */
  unitPrice: z
    .int({ error: messages.domain.invalidPrice })
    .nonnegative({ error: messages.domain.invalidPrice })
    .max(MAX_AMOUNT_CENTS, { error: messages.domain.invalidPrice }),
});

export type CheckoutItem = z.infer<typeof checkoutItemSchema>;

export interface CheckoutRequest extends BuyerFields {
  /** The key the proof upload answered with; the image itself is sent before the order. */
  proofKey: string;
  items: CheckoutItem[];
}

const anything = z.unknown().optional();

const rawRequest = z.object(
  {
    name: anything,
    email: anything,
    phone: anything,
    proofKey: anything,
    items: z.array(checkoutItemSchema, { error: messages.cart.empty }).min(1, { error: messages.cart.empty }),
  },
  { error: messages.checkout.missingFields },
);

/** The body of the checkout request: the form's rules on the buyer, plus the cart lines. */
export const checkoutRequestSchema = rawRequest.transform((value, ctx): CheckoutRequest => {
  const present = typeof value.proofKey === 'string' && value.proofKey.trim() !== '';
  const problem = firstBuyerProblem(value, { field: 'proofKey', present });
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
    return z.NEVER;
  }
  const proofKey = (value.proofKey as string).trim();
  return { ...normaliseBuyer(value as BuyerFields), proofKey, items: value.items };
});
