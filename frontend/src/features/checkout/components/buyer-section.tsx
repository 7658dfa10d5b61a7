import { digitsOnly, filterNameInput } from '@tcg/domain';

interface BuyerSectionProps {
  name: string;
  email: string;
  phone: string;
  onNameChange(name: string): void;
  onPhoneChange(phone: string): void;
}

/** Spec §2 section 1. The name and phone fields drop what spec §5 forbids as it is typed or pasted. */
export function BuyerSection({ name, email, phone, onNameChange, onPhoneChange }: BuyerSectionProps) {
  return (
    <fieldset className="checkout-section">
      <legend className="checkout-section__title">Datos del comprador</legend>
      <label className="checkout-field">
        <span>Nombre completo</span>
        <input name="name" autoComplete="name" value={name} onChange={(event) => onNameChange(filterNameInput(event.target.value))} />
      </label>
      <label className="checkout-field">
        <span>Correo electrónico</span>
        <input name="email" type="email" value={email} readOnly aria-readonly="true" />
      </label>
      <label className="checkout-field">
        <span>WhatsApp / Celular</span>
        <input
          name="phone"
          inputMode="numeric"
          autoComplete="tel-national"
          value={phone}
          onChange={(event) => onPhoneChange(digitsOnly(event.target.value))}
        />
      </label>
    </fieldset>
  );
}
