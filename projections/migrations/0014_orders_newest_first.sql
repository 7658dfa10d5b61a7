-- The admin's order list, a page at a time, newest first (ties in the same millisecond in the order they
-- were written): this index reads a page without sorting every order the shop ever had.
CREATE INDEX orders_created_position_idx ON orders (created_at DESC, position DESC);
