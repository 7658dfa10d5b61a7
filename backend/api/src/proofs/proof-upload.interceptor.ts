import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { messages, PROOF_MAX_BYTES } from '@tcg/domain';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import type { Observable } from 'rxjs';
import { ApiError } from '../web/api-exception.filter';

/**
 * Reads the multipart field `file` into memory, at most 5 MB. Nest's FileInterceptor would answer its
 * refusals in English; these are the shop's Spanish ones. Runs after the guards, so a signed-out or
 * rate-limited request is refused before its body is read.
 */
@Injectable()
export class ProofUploadInterceptor implements NestInterceptor {
  private readonly readFile = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  }).single('file');

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) => {
      this.readFile(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) =>
        error ? reject(refusal(error)) : resolve(),
      );
    });
    return next.handle();
  }
}

function refusal(error: unknown): ApiError {
  if (error instanceof MulterError && error.code === 'LIMIT_FILE_SIZE') {
    return new ApiError(413, 'payload_too_large', messages.checkout.proofTooLarge, { maxBytes: PROOF_MAX_BYTES });
  }
  // A second file, a file under another field name or a truncated body: not one usable file.
  return new ApiError(400, 'invalid_file', messages.checkout.invalidFile);
}
