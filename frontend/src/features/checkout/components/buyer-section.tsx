import { filterNameInput, filterPhoneInput, messages, phoneInputDropsDigits } from '@tcg/domain';
import { type ChangeEvent, type ReactNode, useId } from 'react';
import { NEW_TAB_NOTE_ID, NewTabMark, NewTabNote } from '@/components/ui/new-tab-note';
import { paths } from '@/config/paths';
import type { FieldRefusal } from '../use-checkout-submit';

/** What each field takes (spec §5), said before a submit is refused for it. */
export const NAME_HINT = 'Solo letras, espacios, apóstrofos y guiones.';
export const PHONE_HINT = 'Número de 9 dígitos.';

interface BuyerSectionProps {
  name: string;
  email: string;
  phone: string;
  /** The field the last submit was refused for, and why: marked and described for assistive technology. */
  invalid?: FieldRefusal | null;
  /** The phone field's last keystroke or paste brought more digits than it takes (`phoneInputDropsDigits`). */
  phoneDropped?: boolean;
  onNameChange(name: string): void;
  /** The phone as the field keeps it, and whether digits of what was typed or pasted were dropped. */
  onPhoneChange(phone: string, dropped: boolean): void;
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
export function BuyerSection({ name, email, phone, invalid, phoneDropped = false, onNameChange, onPhoneChange }: BuyerSectionProps) {
  const id = useId();
  // Digits dropped are said at once, not only at submit.
  const refusal = (field: string): { message: string; alert: boolean } | null => {
    if (invalid?.field === field) return { message: invalid.message, alert: false };
    return field === 'phone' && phoneDropped ? { message: messages.checkout.phoneDigits, alert: true } : null;
  };
  // Each field's label is its name alone; the hint and the refusal under it are its description. Only a
  // refused submit marks the value invalid: digits dropped left a number the field takes.
  const marked = (field: string, hint?: string) => ({
    id: `${id}-${field}`,
    'aria-invalid': invalid?.field === field || undefined,
    'aria-describedby': [refusal(field) && `${id}-${field}-error`, hint && `${id}-${field}-hint`].filter(Boolean).join(' ') || undefined,
    required: true,
  });
  const field = (name: string, label: string, input: ReactNode, hint?: string) => {
    const shown = refusal(name);
    return (
      <div className="checkout-field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {input}
        {shown && (
          <span id={`${id}-${name}-error`} className="checkout-field__error" role={shown.alert ? 'alert' : undefined}>
            {shown.message}
          </span>
        )}
        {hint && (
          <span id={`${id}-${name}-hint`} className="checkout-field__hint">
            {hint}
          </span>
        )}
      </div>
    );
  };
  return (
    <fieldset className="checkout-section">
      <legend className="checkout-section__title">Datos del comprador</legend>
      {field(
        'name',
        'Nombre completo',
        <input name="name" autoComplete="name" value={name} onChange={(event) => onNameChange(filterNameInput(event.target.value))} {...marked('name', NAME_HINT)} />,
        NAME_HINT,
      )}
      {field('email', 'Correo electrónico', <input name="email" type="email" value={email} readOnly aria-readonly="true" {...marked('email')} />)}
      {field(
        'phone',
        'WhatsApp / Celular',
        <input
          name="phone"
          {...marked('phone', PHONE_HINT)}
          inputMode="numeric"
          autoComplete="tel-national"
          value={phone}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            const next = filterPhoneInput(event.target.value, phone);
            keepCaret(event.target, next);
            onPhoneChange(next, phoneInputDropsDigits(event.target.value));
          }}
        />,
        PHONE_HINT,
      )}
      {/* Ley 29733: what the data are for, said where they are typed. In a new tab: the form stays as it is. */}
      <p className="checkout-section__note">
        Usamos tu nombre, tu correo y tu teléfono solo para gestionar tu pedido (
        <a href={paths.privacy} target="_blank" rel="noopener" aria-describedby={NEW_TAB_NOTE_ID}>
          Política de privacidad<NewTabMark />
        </a>
        ).
      </p>
      <NewTabNote />
    </fieldset>
  );
}
