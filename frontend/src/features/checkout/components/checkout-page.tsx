import { messages, PROOF_MAX_BYTES, proofMimeTypes } from '@tcg/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast/toast-provider';
import { loadSavedPhone } from '../saved-phone';
import { type CheckoutLine, type CheckoutOutcomes, useCheckoutSubmit } from '../use-checkout-submit';
import { BuyerSection } from './buyer-section';
import { OrderLinesSection } from './order-lines-section';
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
}

/** Confirmar Pedido (spec §2): buyer data, the products and the payment proof, then one submit. */
export function CheckoutPage({ account, lines, ...outcomes }: CheckoutPageProps) {
  const toast = useToast();
  const [name, setName] = useState(account.name);
  const [phone, setPhone] = useState(() => loadSavedPhone(window.localStorage, account.id) ?? account.phone ?? '');
  const [proof, setProof] = useState<File | null>(null);
  const { phase, submit, invalid, corrected } = useCheckoutSubmit(outcomes);
  const form = useRef<HTMLFormElement>(null);

  // The toast says what is wrong; the field it is about takes the focus and is marked (aria-invalid).
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
  // does not send megabytes only to hear they were too many.
  const chooseProof = (file: File | null) => {
    const problem = file === null ? null : proofProblem(file);
    if (problem) toast.error(problem);
    setProof(problem ? null : file);
    if (!problem && file) corrected('proof');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit({ name, email: account.email, phone, proof }, lines);
  };

  return (
    <section className="page checkout">
      <title>{messages.checkout.title}</title>
      <h1>{messages.checkout.title}</h1>
      <form ref={form} className="checkout-form" noValidate onSubmit={onSubmit}>
        <BuyerSection
          name={name}
          email={account.email}
          phone={phone}
          invalidField={invalid?.field}
          onNameChange={(value) => {
            setName(value);
            corrected('name');
          }}
          onPhoneChange={(value) => {
            setPhone(value);
            corrected('phone');
          }}
        />
        <OrderLinesSection lines={lines} />
        <ProofSection file={proof} invalid={invalid?.field === 'proof'} onFileChange={chooseProof} />
        <Button
          type="submit"
          className={`checkout-submit checkout-submit--${phase}`}
          aria-disabled={phase !== 'idle'}
          aria-busy={phase !== 'idle'}
        >
          {submitLabels[phase]}
        </Button>
      </form>
      {phase === 'uploading' && <ProcessingOverlay />}
    </section>
  );
}

function proofProblem(file: File): string | null {
  if (!(proofMimeTypes as readonly string[]).includes(file.type)) return messages.checkout.proofType;
  if (file.size > PROOF_MAX_BYTES) return messages.checkout.proofTooLarge;
  return null;
}
