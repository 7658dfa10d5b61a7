/** What a shopper reads when an upload or a submit is refused for reasons spec §5 does not word. */
export const proofMessages = {
  notFound: 'Comprobante no encontrado.',
  tooManyRequests: 'Demasiados intentos. Espera un minuto e inténtalo de nuevo.',
} as const;
