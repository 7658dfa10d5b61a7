/** The storefront's addresses of a card's and a set's pages, as its links build them (frontend `config/paths.ts`). */
export const storefrontPaths = {
  product: (cardId: string) => `/product/${encodeURIComponent(cardId)}`,
  set: (setId: string) => `/categoria/yugioh/${encodeURIComponent(setId)}`,
};
