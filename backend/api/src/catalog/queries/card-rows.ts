/** The `cards` read-model columns of a CardSummary, aliased to the contract's names (table alias `c`). */
export const CARD_SUMMARY_COLUMNS = `
  c.id, c.name, c.default_name AS "defaultName", c.image_url AS "imageUrl", c.image_small_url AS "imageSmallUrl",
  c.rarity, c.edition, c.set_name AS "set", c.set_code AS "setCode", c.set_id AS "setId", c.language,
  c.stock_final AS "stockFinal", c.last_sale_price AS "lastSalePrice", c.last_offer_price AS "lastOfferPrice"`;
