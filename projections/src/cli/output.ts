import type { Command } from 'commander';

/** Errors recorded before halts were kept to one line may span several: printed through `oneLine`. */
export { oneLine } from '../projections/apply-batch';

/** What a command prints: a JSON document with --json, lines for a person otherwise. */
export function print(json: boolean, value: unknown, lines: () => string[]): void {
  if (json) process.stdout.write(`${JSON.stringify(value)}\n`);
  else for (const line of lines()) process.stdout.write(`${line}\n`);
}

/** `1 event`, `2 events`. */
export const events = (n: number) => (n === 1 ? '1 event' : `${n} events`);

/** Exit codes: 1 = the command found a problem (an audit difference, a halted projection), 2 = bad usage (an unknown name). */
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

/** `--json` is a global option (`tcg --json audit` or `tcg audit --json`). */
export function jsonWanted(command: Command): boolean {
  return !!(command.optsWithGlobals() as { json?: boolean }).json;
}

/** What Ctrl-C leaves behind, said on the way out. A command whose work does not resume says its own. */
export const REPLAY_INTERRUPTED_NOTE =
  'every batch applied so far is committed with its checkpoint; run the same command again to finish ' +
  "(a replay starts over, and the shop's projector resumes from the checkpoint)";

export const interruption = { note: REPLAY_INTERRUPTED_NOTE };

/** What Ctrl-C leaves behind a command whose work is done and printed: only its connections were being closed. */
export const FINISHED_NOTE = 'the command had finished its work (its result is above); only the closing of its connections was cut short';

/** What Ctrl-C leaves behind a rebuild, which does not resume. */
export const rebuildInterruptedNote = (name: string) =>
  `the live tables are untouched and the shop keeps serving them; a rebuild does not resume: the next \`tcg projections rebuild ${name}\` clears the shadow tables this one left and starts from 0`;

/** What Ctrl-C leaves behind a command that only reads (`status`, `audit`). */
export const READ_ONLY_NOTE = 'this command only reads, so nothing was changed; run it again for its result';
