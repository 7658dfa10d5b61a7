import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { messages, PROOF_MAX_BYTES } from '@tcg/domain';
import type { Database } from '@tcg/projections';
import type { Request, Response } from 'express';
import { AuthRequired, type AuthUser, CurrentUser } from '../auth';
import { isAdmin } from '../auth/users.repository';
import { DATABASE } from '../database/database.module';
import { ApiError } from '../web/api-exception.filter';
import { cleanProofImage, NotAProofImageError, ProofTooLargeError, ProofTooManyPixelsError } from './proof-image';
import { ProofStore, type StoredProof } from './proof-store';
import { ProofUploadInterceptor } from './proof-upload.interceptor';
import { proofMessages } from './proofs.messages';
import { UserRateLimit } from './user-rate-limit.guard';

export const UPLOADS_PER_MINUTE = 10;

@ApiTags('checkout')
@Controller('proofs')
export class ProofsController {
  constructor(
    private readonly proofs: ProofStore,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /** Spec §7 uploadProofImage: the image is judged by its bytes and stored re-encoded, without metadata. */
  @Post()
  @HttpCode(201)
  @AuthRequired(messages.checkout.mustSignIn)
  @UserRateLimit('proof-upload', UPLOADS_PER_MINUTE)
  @UseInterceptors(ProofUploadInterceptor)
  async upload(@CurrentUser() user: AuthUser, @Req() req: Request): Promise<StoredProof> {
    if (!req.file) {
      const sentSomething = (req.body as Record<string, unknown> | undefined)?.file !== undefined;
      throw new ApiError(400, 'invalid_file', sentSomething ? messages.checkout.invalidFile : messages.checkout.missingFields);
    }
    try {
      return await this.proofs.save(user.id, await cleanProofImage(req.file.buffer));
    } catch (error) {
      if (error instanceof NotAProofImageError) throw new ApiError(400, 'invalid_proof_type', messages.checkout.proofType);
      if (error instanceof ProofTooManyPixelsError) throw new ApiError(400, 'proof_too_large', messages.checkout.proofTooManyPixels);
      if (error instanceof ProofTooLargeError) throw new ApiError(413, 'payload_too_large', messages.checkout.proofTooLarge, { maxBytes: PROOF_MAX_BYTES });
      throw error;
    }
  }

  /** Owner and admins only; anyone else gets the same 404 as for a proof that does not exist. */
  @Get(':owner/:file')
  @AuthRequired(messages.orders.mustSignIn)
  async download(
    @CurrentUser() user: AuthUser,
    @Param('owner') owner: string,
    @Param('file') file: string,
    @Res() res: Response,
  ): Promise<void> {
    const viewer = { userId: user.id, isAdmin: owner !== user.id && (await isAdmin(this.db, user.id)) };
    const proof = await this.proofs.read(`proofs/${owner}/${file}`, viewer);
    if (!proof) throw new ApiError(404, 'not_found', proofMessages.notFound);
    res.setHeader('Content-Type', proof.contentType);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(proof.bytes);
  }
}
