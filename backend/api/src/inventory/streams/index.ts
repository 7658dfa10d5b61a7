export { type CommandContext, systemContext } from './command-context';
export { deterministicUuid } from './deterministic-id';
export { answeringApiErrors, toApiError } from './domain-error.mapping';
export type { DecideManyRequest, DecideManyResult, StreamRef } from './multi-stream-decision';
export { MAX_ATTEMPTS, requestHash, StreamDecider, type DecideRequest, type DecideResult, type StreamType } from './stream-decider.service';
export type { StreamSnapshot } from './stream-snapshot-cache';
export { cardStream, orderStream } from './stream-types';
export { WriteMetrics } from './write-metrics';
