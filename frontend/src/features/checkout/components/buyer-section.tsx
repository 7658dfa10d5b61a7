import { filterNameInput, filterPhoneInput } from '@tcg/domain';
import type { ChangeEvent } from 'react';

interface BuyerSectionProps {
  name: string;
  email: string;
  phone: string;
  /** The field the last submit was refused for: marked for assistive technology. */
  invalidField?: string;
  onNameChange(name: string): void;
  onPhoneChange(phone: string): void;
}

/**
 * Where the caret goes after the phone field dropped part of what was typed: before the same digits as
 * before (where it was, for a refused key), not at the end where React's rewrite of the value puts it.
 */
function keepCaret(input: HTMLInputElement, next: string): void {
  const { value, selectionStart } = input;
  if (value === next || selectionStart === null) return;
  // The digits after the caret stay after it.
  const caret = Math.max(0, next.length - value.slice(selectionStart).replace(/\D/g, '').length);
  // After React has written the value, which moves the caret to the end.
  queueMicrotask(() => {
    if (document.activeElement === input) input.setSelectionRange(caret, caret);
  });
}

/** Spec §2 section 1. The name and phone fields drop what spec §5 forbids as it is typed or pasted. */
export function BuyerSection({ name, email, phone, invalidField, onNameChange, onPhoneChange }: BuyerSectionProps) {
  const marked = (field: string) => ({ 'aria-invalid': invalidField === field || undefined, required: true });
  return (
    <fieldset className="checkout-section">
      <legend className="checkout-section__title">Datos del comprador</legend>
      <label className="checkout-field">
        <span>Nombre completo</span>
        <input name="name" autoComplete="name" value={name} onChange={(event) => onNameChange(filterNameInput(event.target.value))} {...marked('name')} />
      </label>
      <label className="checkout-field">
        <span>Correo electrónico</span>
        <input name="email" type="email" value={email} readOnly aria-readonly="true" />
      </label>
      <label className="checkout-field">
        <span>WhatsApp / Celular</span>
        <input
          name="phone"
          {...marked('phone')}
          inputMode="numeric"
          autoComplete="tel-national"
          value={phone}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            const next = filterPhoneInput(event.target.value, phone);
            keepCaret(event.target, next);
            onPhoneChange(next);
          }}
        />
      </label>
    </fieldset>
  );
}
