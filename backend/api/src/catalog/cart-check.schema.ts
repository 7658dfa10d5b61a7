import { z } from 'zod';

/** A cart holds one line per card; more than this is not a shopper's cart. */
export const CART_CHECK_MAX_IDS = 100;

export const cartCheckSchema = z.object({
  ids: z
    .array(z.string().min(1, 'Cada producto necesita un id.').max(300, 'El id de un producto es demasiado largo.'), {
      error: 'Envía la lista de productos del carrito en "ids".',
    })
    .max(CART_CHECK_MAX_IDS, `El carrito puede revisar como máximo ${CART_CHECK_MAX_IDS} productos.`)
    .transform((ids) => [...new Set(ids)]),
});
