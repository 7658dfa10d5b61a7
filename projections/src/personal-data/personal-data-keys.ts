import { messages, type PlainBuyer, type SealedBuyer } from '@tcg/domain';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Sql } from '../db/sql';

/** What a buyer's sealed value holds. */
export interface BuyerContact {
  name: string;
  email: string;
  phone: string;
}

/** Shown for the name, e-mail and phone of a customer whose key was destroyed (docs/decisions/0007). */
export const ERASED = messages.orders.erased;

const ERASED_CONTACT: BuyerContact = { name: ERASED, email: ERASED, phone: ERASED };

/** A checkout of a customer erased while it was under way: nothing may be sealed for them again. */
export class CustomerErasedError extends Error {
  constructor(readonly userId: string) {
    super(`customer ${userId} was erased`);
    this.name = 'CustomerErasedError';
  }
}

const FORMAT = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The cipher's key and the nonce's key, each derived from the customer's key for its own use. */
function subkeys(key: Buffer): { cipher: Buffer; nonce: Buffer } {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), info, KEY_BYTES));
  return { cipher: derive('tcg buyer cipher'), nonce: derive('tcg buyer nonce') };
}

/**
 * AES-256-GCM with a nonce derived from the plaintext (an HMAC of it): the same contact under the same key
 * seals to the same text, so a checkout sent again is recognised as the same request by its hash, and a
 * nonce is never reused for another plaintext. `v1.` + base64url(nonce | ciphertext | tag).
 */
export function sealContact(key: Buffer, contact: BuyerContact): string {
  const { cipher: cipherKey, nonce: nonceKey } = subkeys(key);
  const plaintext = Buffer.from(JSON.stringify({ name: contact.name, email: contact.email, phone: contact.phone }), 'utf8');
  const nonce = createHmac('sha256', nonceKey).update(plaintext).digest().subarray(0, IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', cipherKey, nonce);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return `${FORMAT}.${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url')}`;
}

/** Opens what `sealContact` sealed with this key; throws on another key or an altered text. */
export function openContact(key: Buffer, sealed: string): BuyerContact {
  const [format, encoded] = sealed.split('.', 2);
  if (format !== FORMAT || !encoded) throw new Error(`sealed buyer in an unknown format (${format})`);
  const bytes = Buffer.from(encoded, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('sealed buyer too short');
  const decipher = createDecipheriv('aes-256-gcm', subkeys(key).cipher, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const plaintext = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  const { name, email, phone } = JSON.parse(plaintext.toString('utf8')) as BuyerContact;
  return { name, email, phone };
}

/** A buyer as a read model row holds it: sealed (orders since sealing), or in the clear (before). */
export interface StoredBuyer {
  userId: string;
  sealed: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
}

/**
 * One key per customer in `personal_data_keys` (migration 0025): made on the first order, used to seal
 * every order's buyer, destroyed by `tcg customer forget` (the row stays, without its key). Keys are read
 * at each use, never cached: once a key is gone, no process can open that customer's orders again.
 */
export class PersonalDataKeys {
  constructor(private readonly db: Sql) {}

  async seal(buyer: PlainBuyer): Promise<SealedBuyer> {
    return { userId: buyer.userId, sealed: sealContact(await this.keyFor(buyer.userId), buyer) };
  }

  /**
   * Each buyer's contact, opened with its customer's key; `ERASED` for a customer whose key is gone, or
   * for a sealed value their key does not open (it can only have been sealed with a key destroyed since).
   */
  async contacts(buyers: readonly StoredBuyer[]): Promise<BuyerContact[]> {
    const sealedFor = [...new Set(buyers.filter((buyer) => buyer.sealed !== null).map((buyer) => buyer.userId))];
    const keys = new Map<string, Buffer>();
    if (sealedFor.length > 0) {
      const { rows } = await this.db.query<{ user_id: string; key: Buffer | Uint8Array }>(
        'SELECT user_id, key FROM personal_data_keys WHERE user_id = ANY($1::text[]) AND key IS NOT NULL',
        [sealedFor],
      );
      for (const row of rows) keys.set(row.user_id, Buffer.from(row.key));
    }
    return buyers.map((buyer) => {
      if (buyer.sealed === null) return { name: buyer.name ?? ERASED, email: buyer.email ?? ERASED, phone: buyer.phone ?? ERASED };
      const key = keys.get(buyer.userId);
      return (key && openedOrNull(key, buyer.sealed)) ?? ERASED_CONTACT;
    });
  }

  /**
   * The customer's key, made now if they have none (two checkouts at once keep the first one stored);
   * `CustomerErasedError` for a customer erased meanwhile, whose row has no key.
   */
  private async keyFor(userId: string): Promise<Buffer> {
    // Read first: a returning customer's checkout costs one query.
    let row = await this.storedKey(userId);
    if (!row) {
      await this.db.query('INSERT INTO personal_data_keys (user_id, key) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [userId, randomBytes(KEY_BYTES)]);
      row = await this.storedKey(userId);
    }
    if (!row?.key) throw new CustomerErasedError(userId);
    return Buffer.from(row.key);
  }

  private async storedKey(userId: string): Promise<{ key: Buffer | Uint8Array | null } | undefined> {
    const { rows } = await this.db.query<{ key: Buffer | Uint8Array | null }>('SELECT key FROM personal_data_keys WHERE user_id = $1', [userId]);
    return rows[0];
  }
}

function openedOrNull(key: Buffer, sealed: string): BuyerContact | null {
  try {
    return openContact(key, sealed);
  } catch {
    return null;
  }
}
