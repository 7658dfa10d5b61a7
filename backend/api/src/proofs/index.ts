export { proofOwner, proofUrl, ProofStore, type StoredProof } from './proof-store';
export { proofMessages } from './proofs.messages';
export { ProofsModule } from './proofs.module';
export { UserAttemptLimit, UserRateLimit, UserRateLimitGuard } from './user-rate-limit.guard';
