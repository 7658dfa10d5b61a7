import { createHash } from 'node:crypto';

/**
 * A UUID (version 5 layout) that is always the same for the same name, so a command re-sent after a
 * timeout produces the same event ids and the event store stores its events once.
 */
export function deterministicUuid(name: string): string {
  const bytes = createHash('sha256').update(`tcg-shop:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
