-- A ledger row is one event, so its position alone identifies it. Keyed by position, rows arrive in
-- key order (a replay, and the live projector alike) and each insert lands on the right-most page of
-- the key index; keyed by (card_id, position) every insert went to a random page. The per-card order
-- the admin's movements view and the audit read is a secondary index, which a replay builds once at
-- the end (docs/operations-cli.md).
ALTER TABLE card_movements DROP CONSTRAINT card_movements_pkey, ADD PRIMARY KEY (position);
CREATE INDEX card_movements_card_idx ON card_movements (card_id, position);

ALTER TABLE card_stock_entries DROP CONSTRAINT card_stock_entries_pkey, ADD PRIMARY KEY (position);
CREATE INDEX card_stock_entries_card_idx ON card_stock_entries (card_id, position);

ALTER TABLE card_price_entries DROP CONSTRAINT card_price_entries_pkey, ADD PRIMARY KEY (position);
CREATE INDEX card_price_entries_card_idx ON card_price_entries (card_id, position);
