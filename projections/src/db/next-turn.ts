/**
 * Gives the event loop a turn: timers, I/O and signals. The embedded database answers through promises
 * alone, so a long run of its queries never reaches the loop, and Ctrl-C waited for the whole command
 * (CLI QA: `tcg audit` and `seed:synthetic` on PGlite ran to the end and exited 0).
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
