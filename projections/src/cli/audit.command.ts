import { Command } from 'commander';
import { auditStock } from '../projections/stock-audit';
import type { CliContext, OpenContext } from './cli-context';
import { EXIT_FINDINGS, jsonWanted, print } from './output';
import { createProgress } from './progress';

type Open = OpenContext;

async function audit(context: CliContext, json: boolean): Promise<void> {
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
  const { checked, differences, position, head } = result;
  // The rows are compared as of the projection's checkpoint; that the log is further on is said, not counted.
  const lag = head > position ? [`note: the cards projection is at position ${position}, the log at ${head}: cards were audited as of ${position}`] : [];
  print(json, { checked, differences, position, head }, () =>
    differences.length === 0
      ? [...lag, `audit: ${checked} cards, stored stock equals replayed stock for all`]
      : [
          ...lag,
          ...differences.map((row) => `${row.cardId}: stored ${row.stored}, replayed ${row.replayed}`),
          `audit: ${differences.length} of ${checked} cards differ`,
        ],
  );
  if (differences.length > 0) process.exitCode = EXIT_FINDINGS;
}

export function auditCommand(open: Open, withContext: (open: Open, work: (context: CliContext) => Promise<void>) => Promise<void>): Command {
  return new Command('audit')
    .description("Compare every card's stored stock with the stock replayed from its own stream; exit 1 on any difference")
    .action((_options: object, self: Command) => withContext(() => open({ migrate: false }), (context) => audit(context, jsonWanted(self))));
}
