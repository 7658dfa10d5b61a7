import { Command, InvalidArgumentError } from 'commander';
import { SYNTHETIC_DEFAULT_SEED, SYNTHETIC_MAX_CARDS } from '../synthetic/synthetic-history';
import { seedSynthetic } from '../synthetic/synthetic-seed';
import type { CliContext, OpenContext } from './cli-context';
import { events, interruption, jsonWanted, print } from './output';
import { createProgress } from './progress';

type Open = OpenContext;

/**
 * A whole number from 1 to `max`: a history too large to generate is refused before any work, in the same
 * words for every value out of range (a seed past 2^53 too: CLI QA found '≥ 1' said for it). Digits only:
 * Number() would also take '1e3', '0x10' and ' 5 '.
 */
const upTo = (max: number) => (value: string): number => {
  const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(parsed >= 1 && parsed <= max)) throw new InvalidArgumentError(`expects a whole number from 1 to ${max}`);
  return parsed;
};

/** Events in one seed: a billion would take the better part of a day to append. */
const SYNTHETIC_MAX_EVENTS = 100_000_000;

async function seed(context: CliContext, options: { cards: number; events: number; seed: number; json?: boolean }): Promise<void> {
  interruption.note = 'the events appended so far stay in the log, and a second seed of the same history into it is refused: seed a fresh database';
  const progress = createProgress(options);
  const started = performance.now();
  progress.start('seed', options.events);
  let appended = 0;
  try {
    appended = await seedSynthetic({ store: context.store, cards: options.cards, events: options.events, seed: options.seed, onProgress: (done) => progress.update(done) });
  } finally {
    progress.stop();
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  print(!!options.json, { cards: options.cards, events: appended, seconds }, () => [
    `seeded ${options.cards} cards and ${events(appended)} in ${seconds} s; run the projector (or \`projections replay\`) to project them`,
    ...(appended > options.events ? [`note: ${appended - options.events} event${appended - options.events === 1 ? '' : 's'} more than --events asked: every card's listing, and the last order (its reservations, the order and its outcome), are written whole`] : []),
  ]);
}

export function seedSyntheticCommand(open: Open, withContext: (open: Open, work: (context: CliContext) => Promise<void>) => Promise<void>): Command {
  return new Command('seed:synthetic')
    .description('Append a large, realistic synthetic catalogue and shop history through the event store (benchmarks)')
    .requiredOption('--cards <n>', `cards to list (at most ${SYNTHETIC_MAX_CARDS})`, upTo(SYNTHETIC_MAX_CARDS))
    .requiredOption('--events <n>', `events in all, listings included (at most ${SYNTHETIC_MAX_EVENTS})`, upTo(SYNTHETIC_MAX_EVENTS))
    .option('--seed <n>', 'random seed (same seed, same history)', upTo(Number.MAX_SAFE_INTEGER), SYNTHETIC_DEFAULT_SEED)
    .action((options: { cards: number; events: number; seed: number }, self: Command) =>
      withContext(() => open({ create: true }), (context) => seed(context, { ...options, json: jsonWanted(self) })),
    );
}
