import { useEffect, useId, useRef, useState } from 'react';
import { storeConfig } from '@/config/store';
import { formatMoney } from '@/lib/format';
import { formatFileSize } from '../file-size';

interface ProofSectionProps {
  /** The order's total in céntimos: what the shopper transfers. */
  total: number;
  file: File | null;
  /** Why the last submit, or the last file picked, was refused for it (a new object each time). */
  refusal?: { message: string };
  onFileChange(file: File | null): void;
}

/**
 * Spec §2 section 3: the payment proof with its preview and size, after where to pay: the spec's payment is
 * a mobile-wallet transfer made outside the shop, and a shopper cannot make it without the number.
 */
export function ProofSection({ total, file, refusal, onFileChange }: ProofSectionProps) {
  const { methods, number, holder } = storeConfig.payment;
  const problem = refusal?.message;
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // A refused file must not stay named in the picker as if it had been taken: each refusal is a new object, so two in a row both clear it.
  useEffect(() => {
    if (refusal && input.current) input.current.value = '';
  }, [refusal]);

  useEffect(() => {
    if (!file && input.current) input.current.value = '';
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <fieldset className="checkout-section">
      <legend className="checkout-section__title">Comprobante de pago</legend>
      <p id={`${id}-pay`} className="checkout-payment">
        Paga <strong>{formatMoney(total)}</strong> con {methods} al <strong>{number}</strong> (a nombre de {holder}).
      </p>
      <p id={`${id}-hint`} className="checkout-section__hint">
        Sube la captura de tu transferencia (JPG o PNG, hasta 5 MB).
      </p>
      <div className="checkout-field">
        <label htmlFor={`${id}-proof`}>Imagen del comprobante</label>
        {/*
          The browser's own picker button speaks the browser's language ('Choose File'): the real input lies,
          unseen, over the shop's Spanish button and file name, so it still takes the click, the keyboard and
          its label (QA).
        */}
        <div className="checkout-picker">
          <input
            ref={input}
            id={`${id}-proof`}
            className="checkout-picker__input"
            name="proof"
            type="file"
            accept="image/jpeg,image/png"
            required
            aria-invalid={problem !== undefined || undefined}
            aria-describedby={problem === undefined ? `${id}-pay ${id}-hint` : `${id}-error ${id}-pay ${id}-hint`}
            onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
          />
          <span className="btn btn--primary checkout-picker__button" aria-hidden="true">
            Seleccionar imagen
          </span>
          <span className="checkout-picker__name">{file?.name ?? 'Ningún archivo seleccionado'}</span>
        </div>
        {problem !== undefined && (
          <span id={`${id}-error`} className="checkout-field__error">
            {problem}
          </span>
        )}
      </div>
      {file && (
        <figure className="checkout-proof">
          {preview && <img className="checkout-proof__image" src={preview} alt="Vista previa del comprobante" />}
          <figcaption>
            {file.name} · <span data-testid="proof-size">{formatFileSize(file.size)}</span>
          </figcaption>
        </figure>
      )}
    </fieldset>
  );
}
