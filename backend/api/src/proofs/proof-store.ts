import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
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

/** Payment proofs under `proofs/{userId}/{uuid}.{ext}`: the key itself says whose proof it is. */
@Injectable()
export class ProofStore {
  constructor(@Inject(PROOF_STORAGE) private readonly files: FileStorage) {}

  async save(userId: string, proof: CleanProof): Promise<StoredProof> {
    const proofKey = `proofs/${userId}/${randomUUID()}.${proof.extension}`;
    await this.files.put(proofKey, proof.bytes, proof.contentType);
    return { proofKey, hash: proof.hash, url: proofUrl(proofKey) };
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
