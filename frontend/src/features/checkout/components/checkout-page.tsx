import { messages, PROOF_MAX_BYTES, proofMimeTypes } from '@tcg/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { loadSavedPhone } from '../saved-phone';
import { type CheckoutLine, type CheckoutOutcomes, useCheckoutSubmit } from '../use-checkout-submit';
import { BuyerSection } from './buyer-section';
import { linesTotal, OrderLinesSection } from './order-lines-section';
import { ProcessingOverlay } from './processing-overlay';
import { ProofSection } from './proof-section';
import './checkout.css';

const submitLabels = {
  idle: 'Confirmar pedido',
  uploading: messages.checkout.uploadingProof,
  placing: messages.checkout.processing,
} as const;

interface CheckoutPageProps extends CheckoutOutcomes {
  account: { id: string; name: string; email: string; phone: string | null };
  lines: CheckoutLine[];
  /** An earlier submit of this browser placed nothing: said above the form until the shopper submits. */
  unsent?: boolean;
}

/** Confirmar Pedido (spec §2): buyer data, the products and the payment proof, then one submit. */
export function CheckoutPage({ account, lines, unsent = false, ...outcomes }: CheckoutPageProps) {
  const [name, setName] = useState(account.name);
  const [phone, setPhone] = useState(() => loadSavedPhone(window.localStorage, account.id) ?? account.phone ?? '');
  // The phone field dropped digits of what was typed or pasted: the number kept is likely not the buyer's.
  const [phoneDropped, setPhoneDropped] = useState(false);
  const [proof, setProof] = useState<File | null>(null);
  const { phase, uploaded, submit, invalid, corrected, refuse } = useCheckoutSubmit(outcomes, lines);
  const form = useRef<HTMLFormElement>(null);
  const picks = useRef(0);

  // The toast says what is wrong; the field it is about takes the focus, is marked (aria-invalid) and keeps the message under it.
  useEffect(() => {
    const field = invalid && form.current?.elements.namedItem(invalid.field);
    if (field instanceof HTMLElement) field.focus();
  }, [invalid]);

  if (lines.length === 0) {
    return (
      <section className="page checkout">
        <h1>{messages.checkout.title}</h1>
        <div className="checkout-empty">
          <p>{messages.cart.empty}</p>
          <ButtonLink to="/" variant="secondary">
            Seguir comprando
          </ButtonLink>
        </div>
      </section>
    );
  }

  // Told at once rather than at submit: the shopper is still looking at the file picker, and a phone
  // does not send megabytes only to hear they were too many. Only the latest pick counts.
  const chooseProof = async (file: File | null) => {
    const pick = ++picks.current;
    const problem = file === null ? null : await proofProblem(file);
    if (pick !== picks.current) return;
    if (problem) refuse({ field: 'proof', message: problem });
    setProof(problem ? null : file);
    if (!problem && file) corrected('proof');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A number cut to 9 digits (a foreign one pasted) is not sent until the shopper has looked at it again.
    if (phoneDropped) return refuse({ field: 'phone', message: messages.checkout.phoneDigits });
    void submit({ name, email: account.email, phone, proof });
  };

  return (
    <section className="page checkout">
      <title>{messages.checkout.title}</title>
      <h1>{messages.checkout.title}</h1>
      {unsent && phase === 'idle' && !proof && (
        <p className="checkout-notice" role="status">
          {messages.checkout.earlierUnsent}
        </p>
      )}
      <form ref={form} className="checkout-form" noValidate onSubmit={onSubmit}>
        <BuyerSection
          name={name}
          email={account.email}
          phone={phone}
          invalid={invalid}
          phoneDropped={phoneDropped}
          onNameChange={(value) => {
            setName(value);
            corrected('name');
          }}
          onPhoneChange={(value, dropped) => {
            setPhone(value);
            setPhoneDropped(dropped);
            corrected('phone');
          }}
        />
        <OrderLinesSection lines={lines} />
        <ProofSection total={linesTotal(lines)} file={proof} refusal={invalid?.field === 'proof' ? invalid : undefined} onFileChange={(file) => void chooseProof(file)} />
        <Button
          type="submit"
          className={`checkout-submit checkout-submit--${phase}`}
          aria-disabled={phase !== 'idle'}
          aria-busy={phase !== 'idle'}
        >
          {submitLabels[phase]}
        </Button>
      </form>
      {phase === 'uploading' && <ProcessingOverlay uploaded={uploaded} />}
    </section>
  );
}

/** The first bytes of a PNG and of a JPEG: a renamed text file or an empty one is neither (the server checks too). */
const IMAGE_SIGNATURES = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0xff, 0xd8, 0xff],
];

async function proofProblem(file: File): Promise<string | null> {
  if (!(proofMimeTypes as readonly string[]).includes(file.type)) return messages.checkout.proofType;
  if (file.size > PROOF_MAX_BYTES) return messages.checkout.proofTooLarge;
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (!IMAGE_SIGNATURES.some((signature) => signature.every((byte, at) => head[at] === byte))) return messages.checkout.proofType;
  return null;
}
