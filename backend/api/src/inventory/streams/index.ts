export { type CommandContext, systemContext } from './command-context';
export { deterministicUuid } from './deterministic-id';
export { answeringApiErrors, toApiError } from './domain-error.mapping';
export {
  MAX_ATTEMPTS,
  StreamDecider,
  type DecideManyRequest,
  type DecideManyResult,
  type DecideRequest,
  type DecideResult,
  type StreamRef,
  type StreamType,
} from './stream-decider.service';
export type { StreamSnapshot } from './stream-snapshot-cache';
export { cardStream, orderStream } from './stream-types';
export { WriteMetrics } from './write-metrics';
