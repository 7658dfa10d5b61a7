import { ApiError } from './api-exception.filter';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID, the only form of `Idempotency-Key` the shop takes. */
export function isIdempotencyKey(value: string): boolean {
  return UUID.test(value);
}

/**
 * An `Idempotency-Key` header, lower-cased, or `undefined` when the request has none. The key names the
 * request for good (a later request under it is answered as a re-send of the first), so the shop takes
 * only a UUID: a short or hand-made key ('1', 'retry') would make a later, different request look like
 * a re-send of an earlier one. Anything else is refused (400) with `message`.
 */
export function idempotencyKeyHeader(value: string | undefined, message: string): string | undefined {
  if (value === undefined) return undefined;
  if (!isIdempotencyKey(value)) throw new ApiError(400, 'invalid_idempotency_key', message);
  return value.toLowerCase();
}
