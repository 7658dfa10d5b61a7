/** Refusals of the idempotent submit that the domain's catalogue does not word (the API speaks Spanish). */
export const checkoutMessages = {
  notPlaced: 'No se registró ningún pedido con esa solicitud.',
  keyReused: 'Esta solicitud ya se usó con otro pedido. Vuelve a intentarlo desde el carrito.',
  inProgress: 'Tu pedido se está procesando. Revisa tus pedidos en unos segundos.',
};
