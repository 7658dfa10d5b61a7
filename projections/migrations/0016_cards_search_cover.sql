-- A word search joins the cards its words match (from card_search) to cards, to count them per
-- (language, rarity) and to pick the page's 12 in the chosen order. Read from the table, a common word
-- ("dark", 7,000 of 50,000 cards) hashed every card row twice: about 120 ms. This index holds what
-- those two steps read, so both are index-only; the page's 12 rows are then read by id.
CREATE UNIQUE INDEX cards_search_cover_idx ON cards (id) INCLUDE (language, rarity, stock_final, set_id, sort_name, price);
