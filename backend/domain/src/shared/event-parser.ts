import type { z } from 'zod';
import type { DomainEvent } from './decider';

type AnyEvent = DomainEvent<string, number, unknown>;

/** The current version of each event type of a union, with the zod schema of its payload. */
export type EventSchemas<TEvent extends AnyEvent> = {
  readonly [TType in TEvent['type']]: {
    readonly version: Extract<TEvent, { type: TType }>['version'];
    readonly schema: z.ZodType<Extract<TEvent, { type: TType }>['data']>;
  };
};

/**
 * Lifts a stored payload from `fromVersion` to `fromVersion + 1`. Old events are never rewritten in
 * the store; they are upcast every time they are read, one version at a time.
 */
export interface Upcaster {
  readonly type: string;
  readonly fromVersion: number;
  upcast(data: unknown): unknown;
}

/** A stored event that no current code understands: a bug or a corrupt store, never a user error. */
export class EventParseError extends Error {
  readonly code = 'invalid_event';

  constructor(
    readonly eventType: string,
    readonly eventVersion: number,
    reason: string,
  ) {
    super(`Cannot read event ${eventType} v${eventVersion}: ${reason}`);
    this.name = 'EventParseError';
  }
}

/**
 * The issues on one line (`quantity: Invalid input: expected number, received string; …`): the reason
 * ends up in a halted projection's recorded error and in one-line CLI and log output, where zod's own
 * message (pretty-printed JSON) would span many lines.
 */
function issueList(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => `${issue.path.map(String).join('.') || 'payload'}: ${issue.message}`).join('; ');
}

export type EventParser<TEvent extends AnyEvent> = (type: string, version: number, data: unknown) => TEvent;

export function createEventParser<TEvent extends AnyEvent>(
  schemas: EventSchemas<TEvent>,
  upcasters: readonly Upcaster[] = [],
): EventParser<TEvent> {
  const known: Record<string, { version: number; schema: z.ZodType } | undefined> = schemas;
  return (type, version, data) => {
    const current = known[type];
    if (!current) throw new EventParseError(type, version, 'unknown event type');
    if (!Number.isInteger(version) || version < 1 || version > current.version) {
      throw new EventParseError(type, version, `unsupported version (current is ${current.version})`);
    }
    let payload = data;
    for (let at = version; at < current.version; at++) {
      const upcaster = upcasters.find((candidate) => candidate.type === type && candidate.fromVersion === at);
      if (!upcaster) throw new EventParseError(type, version, `no upcaster from version ${at}`);
      payload = upcaster.upcast(payload);
    }
    const parsed = current.schema.safeParse(payload);
    if (!parsed.success) throw new EventParseError(type, version, issueList(parsed.error.issues));
    return { type, version: current.version, data: parsed.data } as TEvent;
  };
}
