import { checkoutFormSchema, messages } from '@tcg/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '@/components/ui/toast/toast-provider';
import { ApiError, errorMessage } from '@/lib/api-client';
import { pendingKeys } from '@/lib/pending-keys';
import { type EarlierOrder, findEarlierOrder } from './api/earlier-submit';
import { placeOrder, type PlacedOrder } from './api/place-order';
import { CheckoutApiError } from './api/post-to-api';
import { uploadProof, type UploadedProof } from './api/upload-proof';

export type SubmitPhase = 'idle' | 'uploading' | 'placing';

/** A cart line as the checkout needs it; the cart's items fit. */
export interface CheckoutLine {
  id: string;
  name: string;
  price: number;
  quantity: number;
}

export interface CheckoutFormValues {
  name: string;
  email: string;
  phone: string;
  proof: File | null;
}

export interface CheckoutOutcomes {
  /** `ordered` leaves the cart; a line added meanwhile (in another tab) stays. */
  onPlaced(order: PlacedOrder, phone: string, ordered: { cardId: string; quantity: number }[]): void;
  /** A submit whose answer was lost had placed its order after all: its units (only) leave the cart. */
  onPlacedEarlier(order: EarlierOrder): void;
  onSessionExpired(): void;
  /** The server had fewer units of the card than the cart asked for. */
  onStockShort(cardId: string, available: number): void;
  /** A line's price changed, or its card is gone: the cart must be checked again before a new attempt. */
  onCartStale(): void;
}

/** Refusals that only a fresh look at the cart can get past. */
const STALE_CART_CODES = new Set(['price_changed', 'card_not_listed']);

/**
 * One attempt is one Idempotency-Key with its uploaded proof. A double click or a retry after a lost
 * answer resends the same key and proof, so the server answers with the first order instead of
 * placing a second; any change to the form or the cart starts a new attempt.
 */
interface Attempt {
  key: string;
  fingerprint: string;
  file: File;
  proof?: UploadedProof;
  /** Its order request left: from then on only the shop knows whether it placed the order. */
  sent?: boolean;
}

/**
 * An attempt whose outcome is unknown (no answer, a 5xx, a session that ended) outlives the page: a
 * reload, a new sign-in or a restarted shop brings the shopper back to /checkout with the same cart,
 * and the same image attached again must send the same key (the server then answers with the order it
 * may already have placed). Kept with the cart, in localStorage, until an answer settles it.
 */
const checkoutKeys = pendingKeys(() => window.localStorage, 'checkoutAttempt', 24 * 60 * 60 * 1000);

/** The attached file as the file picker gives it again: name, size and modification time. */
const fileIdentity = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

function stockShortage(error: unknown): { cardId: string; available: number } | null {
  if (!(error instanceof CheckoutApiError) || error.code !== 'insufficient_stock') return null;
  const details = error.details as { cardId?: unknown; available?: unknown } | undefined;
  if (typeof details?.cardId !== 'string' || typeof details.available !== 'number') return null;
  return { cardId: details.cardId, available: details.available };
}

const itemsOf = (lines: CheckoutLine[]) => lines.map((line) => ({ cardId: line.id, quantity: line.quantity, unitPrice: line.price }));

/**
 * The order an unanswered submit under `key` placed, or null when it placed none (or its order was
 * cancelled since). Throws when the shop cannot say.
 */
async function placedEarlier(key: string): Promise<EarlierOrder | null> {
  try {
    const order = await findEarlierOrder(key, new AbortController().signal);
    return order.status === 'anulado' ? null : order;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A field the shopper must correct, and the spec §5 message that says why. */
export interface FieldRefusal {
  field: string;
  message: string;
}

/** `lines` are the cart as the page shows it now (another tab may change it during a submit). */
export function useCheckoutSubmit(outcomes: CheckoutOutcomes, lines: CheckoutLine[]) {
  const toast = useToast();
  const shown = useRef(lines);
  shown.current = lines;
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  // How much of the proof has gone up, from 0 to 1, while it uploads.
  const [uploaded, setUploaded] = useState(0);
  // The field the last submit (or proof pick) was refused for, and why: a new object each time, so the form focuses it again.
  const [invalid, setInvalid] = useState<FieldRefusal | null>(null);
  // A ref, not the phase: a second click in the same frame must already see the first one.
  const busy = useRef(false);
  const attempt = useRef<Attempt | null>(null);

  const attemptFor = (file: File, fingerprint: string): Attempt => {
    const current = attempt.current;
    if (current && current.file === file && current.fingerprint === fingerprint) return current;
    attempt.current = { key: checkoutKeys.keyFor(`${fingerprint}\n${fileIdentity(file)}`), fingerprint, file };
    return attempt.current;
  };

  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      toast.error(messages.checkout.sessionExpired);
      outcomes.onSessionExpired();
      return;
    }
    toast.error(errorMessage(error));
    const short = stockShortage(error);
    if (short) outcomes.onStockShort(short.cardId, short.available);
    if (error instanceof CheckoutApiError && STALE_CART_CODES.has(error.code)) outcomes.onCartStale();
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      // A refusal is an answer: nothing was placed, and the next submit is a new attempt.
      attempt.current = null;
      checkoutKeys.settle();
    }
  };

  const submit = async (values: CheckoutFormValues) => {
      if (busy.current) return;
      const parsed = checkoutFormSchema.safeParse({ ...values, proof: values.proof ?? undefined });
      if (!parsed.success) {
        const [issue] = parsed.error.issues;
        toast.error(issue.message);
        setInvalid({ field: String(issue.path[0] ?? ''), message: issue.message });
        return;
      }
      setInvalid(null);
      const { name, email, phone } = parsed.data;
      const items = itemsOf(shown.current);
      const fingerprint = JSON.stringify({ name, email, phone, items });
      const file = values.proof as File;
      // A submit with other values (the form edited since) whose answer never came may have placed the
      // order: the shop is asked first, so an edit never turns a lost answer into a second order.
      const earlier = checkoutKeys.pendingOtherThan(`${fingerprint}\n${fileIdentity(file)}`);
      const unsent = attempt.current !== null && attempt.current.key === earlier && !attempt.current.sent;
      busy.current = true;
      try {
        const order = earlier !== null && !unsent ? await placedEarlier(earlier) : null;
        if (order) {
          attempt.current = null;
          checkoutKeys.settle();
          toast.settle();
          toast.success(messages.checkout.placed);
          return outcomes.onPlacedEarlier(order);
        }
        const current = attemptFor(file, fingerprint);
        if (!current.proof) {
          setUploaded(0);
          setPhase('uploading');
          current.proof = await uploadProof(current.file, setUploaded);
        }
        // The cart changed while the proof went up (another tab): the order would not be the one on screen.
        if (JSON.stringify(itemsOf(shown.current)) !== JSON.stringify(items)) {
          toast.error(messages.checkout.cartChanged);
          return;
        }
        setPhase('placing');
        current.sent = true;
        const placed = await placeOrder({ name, email, phone, proofKey: current.proof.proofKey, items }, current.key);
        attempt.current = null;
        checkoutKeys.settle();
        toast.settle();
        toast.success(messages.checkout.placed);
        outcomes.onPlaced(placed, phone, items);
      } catch (error) {
        fail(error);
      } finally {
        busy.current = false;
        setPhase('idle');
      }
  };

  /** The shopper changed `field`: it is no longer the one refused (aria-invalid must not outlive the mistake). */
  const corrected = useCallback((field: string) => setInvalid((current) => (current?.field === field ? null : current)), []);
  /** A refusal the form found itself (a proof picked that is no JPG or PNG): said in a toast and by the field. */
  const refuse = useCallback(
    (refusal: FieldRefusal) => {
      toast.error(refusal.message);
      setInvalid(refusal);
    },
    [toast],
  );

  return { phase, uploaded, submit, invalid, corrected, refuse };
}

/**
 * What became of a submit whose answer never came (a lost connection, a reload): `asking` while the shop
 * is asked; `settled` when there is none or its order was cancelled since (its units are back in the
 * stock); `unsent` when there was one and the shop has no order from it (the proof picked for it is gone
 * with the reload); `unknown` when the shop could not say (signed out, unreachable), so its order may
 * hold units the cart check would take for sold. A placed order goes to `onPlaced`.
 */
export type EarlierSubmit = 'asking' | 'settled' | 'unsent' | 'unknown';

/**
 * The shop is asked before the cart is checked again: a placed order's own reservation lowers the stock
 * the check sees, and a cart it changes would send a new key and place a second order. When nothing was
 * placed the key stays, for a resubmit of the same cart, in case the first submit is still on its way.
 */
export function useEarlierSubmit(onPlaced: (order: EarlierOrder) => void): EarlierSubmit {
  const [key] = useState(() => checkoutKeys.pending());
  const [state, setState] = useState<EarlierSubmit>(key === null ? 'settled' : 'asking');
  const placed = useRef(onPlaced);
  placed.current = onPlaced;

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    findEarlierOrder(key, controller.signal).then(
      (order) => {
        checkoutKeys.settle();
        if (order.status === 'anulado') setState('settled');
        else placed.current(order);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState(error instanceof ApiError && error.status === 404 ? 'unsent' : 'unknown');
      },
    );
    return () => controller.abort();
  }, [key]);

  return state;
}
