import type { CardState } from '@tcg/domain';

/** Every card command answers with the position it wrote (or the stream's last one when a no-op). */
export interface CardCommandResult {
  cardId: string;
  position: number;
  /** False when the command changed nothing (a retry, or the same values again). */
  changed: boolean;
  /** The command listed the card: now, or, re-sent under its idempotency key, when it was first sent. */
  listed: boolean;
  /** The card's computed stock after the command. */
  stock: number;
  state: CardState;
}
