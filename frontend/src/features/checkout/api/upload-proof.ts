import { messages } from '@tcg/domain';
import { postToApi } from './post-to-api';

/** POST /api/proofs: where the re-encoded image was stored, to name it in the order. */
export interface UploadedProof {
  proofKey: string;
  hash: string;
  url: string;
}

export function uploadProof(file: File): Promise<UploadedProof> {
  const form = new FormData();
  form.append('file', file);
  return postToApi<UploadedProof>('/api/proofs', { body: form }, messages.checkout.proofUploadFailed);
}
