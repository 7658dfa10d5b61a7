-- The sweeper looks every 30 s for orders confirmed or cancelled in the last days whose lines were not
-- all settled or released (a crash between the order event and the card events); this keeps that look
-- to the recent closed orders instead of every order the shop ever had.
CREATE INDEX orders_closed_updated_idx ON orders (updated_at) WHERE status IN ('confirmado', 'anulado');
