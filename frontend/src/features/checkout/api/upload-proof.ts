import { type ApiErrorBody, messages } from '@tcg/domain';
import { CheckoutApiError, CSRF_HEADER, refusal } from './post-to-api';

/** POST /api/proofs: where the re-encoded image was stored, to name it in the order. */
export interface UploadedProof {
  proofKey: string;
  hash: string;
  url: string;
}

/**
 * An upload that moves no byte and gets no answer for this long is given up: on a phone whose signal went,
 * the request would otherwise hang for minutes with the page covered (phone QA: over two minutes).
 */
export const UPLOAD_STALL_MS = 30_000;

/**
 * Sends the image with XMLHttpRequest, the one browser API that reports an upload's progress (`onProgress`,
 * from 0 to 1), so a slow connection shows it moving and a dead one is given up after `UPLOAD_STALL_MS`.
 */
export function uploadProof(file: File, onProgress: (fraction: number) => void = () => undefined): Promise<UploadedProof> {
  const form = new FormData();
  form.append('file', file);
  return new Promise<UploadedProof>((resolve, reject) => {
    const request = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    const fail = (error: CheckoutApiError) => {
      clearTimeout(stall);
      reject(error);
    };
    const moved = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        request.abort();
        fail(new CheckoutApiError(messages.checkout.proofUploadStalled, 0, 'UPLOAD_STALLED', undefined));
      }, UPLOAD_STALL_MS);
    };
    request.open('POST', '/api/proofs');
    for (const [name, value] of Object.entries({ Accept: 'application/json', ...CSRF_HEADER })) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      moved();
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => fail(new CheckoutApiError(messages.checkout.proofUploadFailed, 0, 'NETWORK_ERROR', undefined));
    request.onload = () => {
      clearTimeout(stall);
      let body: Partial<ApiErrorBody> | undefined;
      try {
        body = JSON.parse(request.responseText) as Partial<ApiErrorBody>;
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300 && body) return resolve(body as unknown as UploadedProof);
      fail(refusal(request.status, body, messages.checkout.proofUploadFailed));
    };
    moved();
    request.send(form);
  });
}
