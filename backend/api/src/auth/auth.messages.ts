/**
 * What a person reads when sign-in stops them. The spec words none of these; checkout and history pass
 * their own texts from the domain catalogue (messages.checkout.mustSignIn, messages.orders.mustSignIn).
 */
export const authMessages = {
  signInRequired: 'Debes iniciar sesión para continuar.',
  adminOnly: 'No tienes permiso para entrar a esta sección.',
  csrfRefused: 'No pudimos verificar el origen de la solicitud. Recarga la página e inténtalo de nuevo.',
  googleUnavailable: 'El inicio de sesión con Google no está disponible en este momento.',
  devLoginUnavailable: 'El acceso de demostración no está disponible.',
  devLoginRole: "Indica 'customer' o 'admin'.",
  tooManyRequests: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
} as const;
