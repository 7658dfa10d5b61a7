import { z } from 'zod';
import { messages } from '../messages';
import { type BuyerFields, type FieldProblem, firstBuyerProblem, normaliseBuyer } from './buyer-fields';

export const proofMimeTypes = ['image/jpeg', 'image/png'] as const;

/** The largest proof image the shop takes (the form's hint says "hasta 5 MB"). */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

/** What the schema needs of the proof: a browser `File` has it; the server maps its upload to it. */
export interface ProofFile {
  type: string;
  size: number;
}

export interface CheckoutForm extends BuyerFields {
  proof: ProofFile;
}

function isProofFile(value: unknown): value is ProofFile {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.type === 'string' && typeof candidate.size === 'number';
}

// Fields are taken as they come and judged in the spec's order below, so a missing field reads as
// the spec's message rather than zod's.
const anything = z.unknown().optional();
const rawForm = z.object(
  { name: anything, email: anything, phone: anything, proof: anything },
  { error: messages.checkout.missingFields },
);

/**
 * The checkout form (spec §5), the same in the browser and on the server. It reports one issue,
 * the first rule broken, with the spec's message; the output is trimmed and NFC-normalised.
 */
export const checkoutFormSchema = rawForm.transform((value, ctx): CheckoutForm => {
  const present = value.proof !== undefined && value.proof !== null && value.proof !== '';
  const problem = firstBuyerProblem(value, { field: 'proof', present }) ?? proofProblem(value.proof);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
    return z.NEVER;
  }
  return { ...normaliseBuyer(value as BuyerFields), proof: value.proof as ProofFile };
});

function proofProblem(proof: unknown): FieldProblem | null {
  if (!isProofFile(proof)) return { field: 'proof', message: messages.checkout.invalidFile };
  if (!(proofMimeTypes as readonly string[]).includes(proof.type)) {
    return { field: 'proof', message: messages.checkout.proofType };
  }
  if (proof.size > PROOF_MAX_BYTES) return { field: 'proof', message: messages.checkout.proofTooLarge };
  return null;
}
