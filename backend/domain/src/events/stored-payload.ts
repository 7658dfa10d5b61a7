/**
 * How an event's payload sits in the event store: `{ version, ...data }`. The store keeps a type beside
 * each event but no version, so the version travels inside the payload, and every reader takes it out
 * the same way before `parseEvent`. A payload without one was written at version 1.
 */
export function toStoredPayload(event: { version: number; data: unknown }): Record<string, unknown> {
  return { version: event.version, ...(event.data as Record<string, unknown>) };
}

export function fromStoredPayload(stored: unknown): { version: number; data: unknown } {
  const { version, ...data } = (stored ?? {}) as { version?: unknown };
  return { version: typeof version === 'number' ? version : 1, data };
}
