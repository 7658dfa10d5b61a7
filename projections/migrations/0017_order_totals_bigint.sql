-- An order's total is the sum of its lines' price × quantity. With a price of up to S/ 1,000,000.00
-- (100,000,000 céntimos) and up to 100,000 units a line, it can pass a 32-bit integer, and a total the
-- column cannot hold would halt the orders projection. Every other amount and quantity is bounded by
-- the domain's limits to fit its column (backend/domain/src/inventory/limits.ts, MAX_AMOUNT_CENTS).
ALTER TABLE orders ALTER COLUMN total TYPE bigint;
