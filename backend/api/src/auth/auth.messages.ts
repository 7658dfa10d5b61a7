import { messages } from '@tcg/domain';

/**
 * What a person reads when sign-in stops them. The spec words none of these; checkout and history pass
 * their own texts from the domain catalogue (messages.checkout.mustSignIn, messages.orders.mustSignIn).
 */
export const authMessages = {
  signInRequired: 'Debes iniciar sesión para continuar.',
  adminOnly: 'No tienes permiso para entrar a esta sección.',
  csrfRefused: 'No pudimos verificar el origen de la solicitud. Recarga la página e inténtalo de nuevo.',
  googleUnavailable: messages.auth.googleUnavailable,
  devLoginUnavailable: 'El acceso de demostración no está disponible.',
  devLoginRole: "Indica 'customer' o 'admin'.",
  tooManyRequests: messages.auth.tooManyRequests,
} as const;
