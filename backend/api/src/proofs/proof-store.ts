import { Inject, Injectable } from '@nestjs/common';
import { type Database, proofFolderOf } from '@tcg/projections';
import { randomUUID } from 'node:crypto';
import { DATABASE } from '../database/database.module';
import type { FileStorage, StoredFile } from '../infra/files';
import { type CleanProof, sha256 } from './proof-image';

export const PROOF_STORAGE = Symbol('PROOF_STORAGE');

export interface StoredProof {
  proofKey: string;
  hash: string;
  url: string;
}

const PROOF_KEY = /^proofs\/([A-Za-z0-9_-]+)\/[0-9a-f-]{36}\.(jpg|png)$/;

/** Whose proof a key is; null for anything that is not a proof key. */
export function proofOwner(key: string): string | null {
  return PROOF_KEY.exec(key)?.[1] ?? null;
}

/** Proofs are served by the API (never as static files) so that only their owner and admins see them. */
export function proofUrl(key: string): string {
  return `/api/${key}`;
}

/**
 * Payment proofs under `proofs/{userId}/{uuid}.{ext}`: the key itself says whose proof it is. Each upload
 * is noted in `proof_uploads` until the proof sweep (`ProofSweeper`) has kept it for its order or
 * deleted it.
 */
@Injectable()
export class ProofStore {
  constructor(
    @Inject(PROOF_STORAGE) private readonly files: FileStorage,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /** The row first: a file without one would never be swept, a row without its file is swept as gone. */
  async save(userId: string, proof: CleanProof): Promise<StoredProof> {
    const proofKey = `${proofFolderOf(userId)}/${randomUUID()}.${proof.extension}`;
    await this.db.query('INSERT INTO proof_uploads (proof_key, user_id) VALUES ($1, $2)', [proofKey, userId]);
    await this.files.put(proofKey, proof.bytes, proof.contentType);
    return { proofKey, hash: proof.hash, url: proofUrl(proofKey) };
  }

  /**
   * Notes that a checkout is about to place `orderId` with the proof, before it does, so no sweep deletes
   * it from then on. False when a sweep has deleted it (a sweep deleting it right now is waited for): the
   * order must not be placed with it. A proof uploaded before uploads were noted gets its row now.
   */
  async claim(key: string, userId: string, orderId: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `INSERT INTO proof_uploads AS p (proof_key, user_id, order_ids, claimed_at) VALUES ($1, $2, ARRAY[$3::text], now())
       ON CONFLICT (proof_key) DO UPDATE
         SET order_ids = CASE WHEN $3 = ANY (p.order_ids) THEN p.order_ids ELSE array_append(p.order_ids, $3) END, claimed_at = now()
         WHERE p.swept_at IS NULL
       RETURNING 1`,
      [key, userId, orderId],
    );
    return rows.length > 0;
  }

  /** The proof if the viewer may see it, else null, so a stranger cannot tell "not yours" from "absent". */
  async read(key: string, viewer: { userId: string; isAdmin: boolean }): Promise<StoredFile | null> {
    const owner = proofOwner(key);
    if (!owner || (owner !== viewer.userId && !viewer.isAdmin)) return null;
    return this.files.get(key);
  }

  /**
   * The hash of a proof the user uploaded, recomputed from the stored bytes so the browser cannot
   * claim another picture's hash; null when the key is not theirs or holds nothing.
   */
  async hashOfOwn(key: string, userId: string): Promise<string | null> {
    if (proofOwner(key) !== userId) return null;
    const file = await this.files.get(key);
    return file ? sha256(file.bytes) : null;
  }
}
