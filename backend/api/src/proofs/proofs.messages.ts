/** What a shopper reads when an upload or a submit is refused for reasons spec §5 does not word. */
export const proofMessages = {
  tooLarge: 'El comprobante supera el tamaño máximo de 5 MB',
  notFound: 'Comprobante no encontrado.',
  tooManyRequests: 'Demasiados intentos. Espera un minuto e inténtalo de nuevo.',
} as const;
