import { checkoutRequestSchema } from './checkout-request.schema';

const valid = {
  name: 'Ana Pérez',
  email: 'ana@example.pe',
  phone: '987654321',
  proofKey: 'proofs/user-1/abc.jpg',
  items: [{ cardId: 'Dark Magician_SDY-006_Ultra Rare_Unlimited_es', quantity: 2, unitPrice: 1299 }],
};

function messagesOf(input: unknown): string[] {
  const result = checkoutRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('checkout request schema', () => {
  it('accepts a complete request', () => {
    expect(checkoutRequestSchema.parse(valid)).toEqual(valid);
  });

  it('asks for every field when only the cart is sent', () => {
    expect(messagesOf({ items: valid.items })).toEqual(['Completa todos los campos y sube el comprobante']);
  });

  it('asks for the proof when its key is missing', () => {
    expect(messagesOf({ ...valid, proofKey: '' })).toEqual(['Completa todos los campos y sube el comprobante']);
  });

  it('applies the form rules to the buyer', () => {
    expect(messagesOf({ ...valid, name: ' ' })).toEqual(['Nombre y teléfono son obligatorios']);
    expect(messagesOf({ ...valid, phone: '12345' })).toEqual(['El número de teléfono debe tener 9 dígitos']);
    expect(messagesOf({ ...valid, name: 'Ana#' })).toEqual(['El nombre contiene caracteres no válidos']);
  });

  it.each([[[]], [undefined]])('refuses an empty cart (%p)', (items) => {
    expect(messagesOf({ ...valid, items })).toEqual(['Tu carrito está vacío.']);
  });

  it.each([0, 1.5, '2', 100_001])('refuses a quantity of %p', (quantity) => {
    expect(messagesOf({ ...valid, items: [{ ...valid.items[0], quantity }] })).toEqual([
      'La cantidad debe ser un número entero entre 1 y 100,000.',
    ]);
  });

  it.each([-1, 12.99, 100_000_001])('refuses a unit price of %p (whole céntimos, at most S/ 1,000,000.00)', (unitPrice) => {
    expect(messagesOf({ ...valid, items: [{ ...valid.items[0], unitPrice }] })).toEqual([
      'El precio debe ser un monto en soles como 12.50 o 1500 (sin separador de miles), hasta S/ 1,000,000.00.',
    ]);
  });
});
