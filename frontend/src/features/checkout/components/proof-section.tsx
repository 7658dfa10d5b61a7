import { useEffect, useRef, useState } from 'react';
import { formatFileSize } from '../file-size';

interface ProofSectionProps {
  file: File | null;
  /** The last submit was refused for want of it. */
  invalid?: boolean;
  onFileChange(file: File | null): void;
}

/** Spec §2 section 3: the payment proof with its preview and size. */
export function ProofSection({ file, invalid, onFileChange }: ProofSectionProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // A refused file must not stay named in the picker as if it had been taken.
    if (!file && input.current) input.current.value = '';
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <fieldset className="checkout-section">
      <legend className="checkout-section__title">Comprobante de pago</legend>
      <p className="checkout-section__hint">Sube la captura de tu transferencia (JPG o PNG, hasta 5 MB).</p>
      <label className="checkout-field">
        <span>Imagen del comprobante</span>
        <input
          ref={input}
          name="proof"
          type="file"
          accept="image/jpeg,image/png"
          required
          aria-invalid={invalid || undefined}
          onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
        />
      </label>
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
