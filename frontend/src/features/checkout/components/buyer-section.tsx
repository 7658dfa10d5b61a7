import { filterNameInput, filterPhoneInput } from '@tcg/domain';

interface BuyerSectionProps {
  name: string;
  email: string;
  phone: string;
  /** The field the last submit was refused for: marked for assistive technology. */
  invalidField?: string;
  onNameChange(name: string): void;
  onPhoneChange(phone: string): void;
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
          onChange={(event) => onPhoneChange(filterPhoneInput(event.target.value))}
        />
      </label>
    </fieldset>
  );
}
