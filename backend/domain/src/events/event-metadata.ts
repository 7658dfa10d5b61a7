import { z } from 'zod';

/**
 * What the command handler adds to every event it appends (DESIGN §2): who asked, in which request,
 * because of which earlier event. The domain's events hold only their business payload.
 */
export const eventMetadataSchema = z.object({
  /** UUID; appending the same event id twice stores it once. */
  eventId: z.uuid(),
  /** The request that started the work. */
  correlationId: z.string().min(1),
  /** The event or command that caused this one. */
  causationId: z.string().min(1),
  /** The user who acted, or null for jobs such as the reservation sweeper. */
  actorId: z.string().min(1).nullable(),
  timestamp: z.iso.datetime({ offset: true }),
});

export type EventMetadata = z.infer<typeof eventMetadataSchema>;
