import { checkoutFormSchema, PROOF_MAX_BYTES } from './checkout-form.schema';

const jpeg = { type: 'image/jpeg', size: 120_000 };
const valid = { name: 'María José Ñahui', email: 'maria@example.pe', phone: '987654321', proof: jpeg };

function messagesOf(input: unknown): string[] {
  const result = checkoutFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('checkout form schema (spec §5)', () => {
  it('accepts a complete form, trimming the texts', () => {
    const parsed = checkoutFormSchema.parse({ ...valid, name: ' María José Ñahui ', phone: '987654321 ' });
    expect(parsed).toEqual({ ...valid, proof: jpeg });
  });

  it.each([
    ['the name', { name: '' }],
    ['the e-mail', { email: undefined }],
    ['the phone', { phone: null }],
    ['the proof', { proof: undefined }],
  ])('asks for every field when %s is missing', (_label, change) => {
    expect(messagesOf({ ...valid, ...change })).toEqual(['Completa todos los campos y sube el comprobante']);
  });

  it('asks for every field when nothing is sent', () => {
    expect(messagesOf(undefined)).toEqual(['Completa todos los campos y sube el comprobante']);
    expect(messagesOf({})).toEqual(['Completa todos los campos y sube el comprobante']);
  });

  it.each([
    ['a blank name', { name: '   ' }],
    ['a blank phone', { phone: '  ' }],
  ])('requires name and phone when given %s', (_label, change) => {
    expect(messagesOf({ ...valid, ...change })).toEqual(['Nombre y teléfono son obligatorios']);
  });

  it.each(['98765432', '9876543210', '98765432a', '987 654 321'])('wants exactly 9 digits, not %p', (phone) => {
    expect(messagesOf({ ...valid, phone })).toEqual(['El número de teléfono debe tener 9 dígitos']);
  });

  it.each(['Ana3', 'Ana_Pérez', 'Ana <script>', 'Ana\tPérez', 'a'.repeat(81), '\u034F\u034F\u034F', "- ' -", `B${'\u0301'.repeat(8)}`])('refuses the name %p', (name) => {
    expect(messagesOf({ ...valid, name })).toEqual(['El nombre contiene caracteres no válidos']);
  });

  it.each(["O'Brien", 'Núñez-Güemes', 'D’Ángelo', 'a'.repeat(80), 'Nguyễn Thị', 'Jose\u0301 Pe\u0303a'])('accepts the name %p', (name) => {
    expect(messagesOf({ ...valid, name })).toEqual([]);
  });

  it('accepts a PNG proof and refuses other image types', () => {
    expect(messagesOf({ ...valid, proof: { type: 'image/png', size: 1 } })).toEqual([]);
    expect(messagesOf({ ...valid, proof: { type: 'image/gif', size: 1 } })).toEqual([
      'Solo se permiten imágenes JPG o PNG',
    ]);
  });

  it('takes a proof of up to 5 MB', () => {
    expect(messagesOf({ ...valid, proof: { ...jpeg, size: PROOF_MAX_BYTES } })).toEqual([]);
    expect(messagesOf({ ...valid, proof: { ...jpeg, size: PROOF_MAX_BYTES + 1 } })).toEqual(['El comprobante supera el tamaño máximo de 5 MB']);
  });

  it('refuses a proof that is not a file', () => {
    expect(messagesOf({ ...valid, proof: 'C:\\fakepath\\proof.jpg' })).toEqual(['Archivo inválido']);
  });

  it('reports only the first rule broken, on its field', () => {
    const result = checkoutFormSchema.safeParse({ ...valid, name: 'Ana3', phone: '123' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([
      { path: ['phone'], message: 'El número de teléfono debe tener 9 dígitos' },
    ]);
  });
});
