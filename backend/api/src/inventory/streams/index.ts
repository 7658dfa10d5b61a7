export { type CommandContext, systemContext } from './command-context';
export { deterministicUuid } from './deterministic-id';
export { answeringApiErrors, toApiError } from './domain-error.mapping';
export { MAX_ATTEMPTS, StreamDecider, type DecideRequest, type DecideResult, type StreamType } from './stream-decider.service';
export { cardStream, orderStream } from './stream-types';
export { WriteMetrics } from './write-metrics';
