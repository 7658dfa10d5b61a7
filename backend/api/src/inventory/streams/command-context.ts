import { randomUUID } from 'node:crypto';

/** Who asked and in which request: becomes the metadata of every event the command appends. */
export interface CommandContext {
  correlationId: string;
  /** The user id, or a system name such as `sweeper` or `seed`. */
  actor: string;
  causationId?: string;
}

export function systemContext(actor: string): CommandContext {
  return { correlationId: randomUUID(), actor };
}
