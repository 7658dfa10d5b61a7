import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import './quantity-input.css';

interface QuantityInputProps {
  label: string;
  /** For a visible `<label>` of the typed value. */
  id?: string;
  value: number;
  max: number;
  onChange: (quantity: number) => void;
}

/** A typed quantity as the box holds it: whole digits only; "-5", "1.5" or "2e1" are not a quantity. */
const WHOLE = /^\d+$/;

/**
 * −/+ buttons plus a typed value. The typed value is only committed on blur or Enter, so clearing the
 * box to type "3" does not first try to set the quantity to 0. Anything but a whole number is ignored
 * (spec §5): the box shows the quantity it had, never a number made of the typed digits.
 */
export function QuantityInput({ label, id, value, max, onChange }: QuantityInputProps) {
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    if (WHOLE.test(draft.trim())) onChange(Number(draft));
  };
  const decrease = () => {
    if (value > 1) onChange(value - 1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
  };

  return (
    <div className="quantity-input" role="group" aria-label={label}>
      {/* aria-disabled, not disabled: the button that just took the quantity to 1 keeps the focus, which a disabled one drops. */}
      <button type="button" aria-label="Quitar una unidad" aria-disabled={value <= 1} onClick={decrease}>
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        aria-label="Cantidad"
        value={draft ?? String(value)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <button type="button" aria-label="Agregar una unidad" onClick={() => onChange(value + 1)}>
        +
      </button>
    </div>
  );
}
