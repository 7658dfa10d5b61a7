import { Command } from 'commander';
import { auditStock, type StockDifference } from '../projections/stock-audit';
import type { CliContext, OpenContext } from './cli-context';
import { EXIT_FINDINGS, interruption, jsonWanted, oneLine, print, READ_ONLY_NOTE } from './output';
import { createProgress } from './progress';

type Open = OpenContext;

async function audit(context: CliContext, json: boolean): Promise<void> {
  interruption.note = READ_ONLY_NOTE;
  const progress = createProgress({ json });
  let result;
  try {
    result = await auditStock({
      db: context.db,
      store: context.store,
      onStart: (cards) => progress.start('audit', cards, 'cards'),
      onProgress: (checked) => progress.update(checked),
    });
  } finally {
    progress.stop();
  }
  const { checked, differences, position, head, halted, missingRows } = result;
  // The rows are compared as of the projection's checkpoint; that the log is further on is said, not counted.
  const lag = head > position ? [`note: the cards projection is at position ${position}, the log at ${head}: cards were audited as of ${position}`] : [];
  const unlooked = missingRows === null ? ['note: cards without a row are looked for on the SQL event store only'] : [];
  const missing = missingRows ?? [];
  const findings = differences.length + missing.length + (halted ? 1 : 0);
  print(json, { checked, differences, missingRows, halted, position, head }, () => [
    ...lag,
    ...unlooked,
    ...(halted ? [`the cards projection is halted at position ${position}: ${oneLine(halted)}`] : []),
    ...differences.map((row) =>
      row.noEvents
        ? `${row.cardId}: stored ${row.stored}, but no events in the log`
        : `${row.cardId}: stored ${row.stored}, replayed ${row.replayed}${row.negative ? ': below zero, the log takes more units than the card received' : ''}`,
    ),
    ...missing.map((cardId) => `${cardId}: in the log, but no row in the read model`),
    summary(checked, differences, missing, missingRows !== null, halted !== null),
  ]);
  if (findings > 0) process.exitCode = EXIT_FINDINGS;
}

/** The last line: what was found, in words that agree with the lines above it. */
function summary(checked: number, differences: StockDifference[], missing: string[], lookedForRows: boolean, halted: boolean): string {
  const below = differences.filter((row) => row.negative).length;
  const differ = differences.length - below;
  const found = [
    differ > 0 ? `${differ} of ${checked} cards ${differ === 1 ? 'differs' : 'differ'}` : null,
    below > 0 ? `${below} of ${checked} cards ${below === 1 ? 'goes' : 'go'} below zero in the log` : null,
    missing.length > 0 ? `${missing.length === 1 ? '1 card of the log has' : `${missing.length} cards of the log have`} no row` : null,
    halted ? 'the cards projection is halted (its rows stop at the halt)' : null,
  ].filter((part) => part !== null);
  if (found.length > 0) return `audit: ${found.join(', ')}`;
  return `audit: ${checked} cards, stored stock equals replayed stock for all${lookedForRows ? ', and every card of the log has its row' : ''}`;
}

export function auditCommand(open: Open, withContext: (open: Open, work: (context: CliContext) => Promise<void>) => Promise<void>): Command {
  return new Command('audit')
    .description("Compare every card's stored stock with the stock replayed from its own stream; exit 1 on any difference")
    .action((_options: object, self: Command) => withContext(() => open({ migrate: false }), (context) => audit(context, jsonWanted(self))));
}
