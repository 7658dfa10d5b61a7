/** The store's public contact details, printed in the footer and used by the chat-help button. */
export const storeConfig = {
  name: 'TCG Lima',
  city: 'Lima, Perú',
  whatsappNumber: '51987654321',
  whatsappDisplay: '+51 987 654 321',
  email: 'ventas@tcglima.pe',
  chatGreeting: 'Hola, quisiera información sobre un producto de la tienda.',
  /** Where a shopper sends the money before uploading the proof (the checkout says it beside the upload). */
  payment: { methods: 'Yape o Plin', number: '987 654 321', holder: 'TCG Lima' },
} as const;

export function whatsappLink(text: string): string {
  return `https://wa.me/${storeConfig.whatsappNumber}?text=${encodeURIComponent(text)}`;
}
