-- A search typed as a set code ('LOB-EN001', or its beginning 'LOB-EN0') finds the prints whose code
-- begins so, in any case (`upper(set_code) LIKE 'LOB-EN0%'`).
CREATE INDEX cards_set_code_idx ON cards (upper(set_code) text_pattern_ops);
