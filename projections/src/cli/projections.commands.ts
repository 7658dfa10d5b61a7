import { Command } from 'commander';
import { CatchUpProgress } from '../projections/catch-up';
import { readCheckpoints } from '../projections/checkpoints';
import { rebuildProjection } from '../projections/blue-green';
import { findProjection } from '../projections/projection-registry';
import { replayProjection } from '../projections/replay';
import { countMatching, lagAfter, storeHead } from '../projections/store-head';
import { CliContext } from './cli-context';
import { jsonWanted, print } from './output';
import { createProgress } from './progress';

type Open = () => Promise<CliContext>;

async function status(context: CliContext, json: boolean): Promise<void> {
  const head = await storeHead(context.db, context.store);
  const checkpoints = new Map((await readCheckpoints(context.db)).map((checkpoint) => [checkpoint.name, checkpoint]));
  const names = [...new Set([...context.projections.map((projection) => projection.name), ...checkpoints.keys()])];
  const rows = await Promise.all(
    names.map(async (name) => {
      const checkpoint = checkpoints.get(name);
      const position = checkpoint?.position ?? 0;
      const lag = await lagAfter(context.db, context.store, position);
      return {
        name,
        position,
        state: checkpoint?.state ?? 'not started',
        lagEvents: lag?.events ?? null,
        lagSeconds: lag?.seconds ?? null,
        eventsApplied: checkpoint?.eventsApplied ?? 0,
        lastError: checkpoint?.lastError ?? null,
        updatedAt: checkpoint?.updatedAt.toISOString() ?? null,
      };
    }),
  );
  print(json, { head: head ?? null, projections: rows }, () => [
    `event store head: ${head ?? 'unknown'}`,
    ...rows.map(
      (row) =>
        `${row.name.padEnd(22)} ${row.state.padEnd(11)} position ${row.position}  lag ${row.lagEvents ?? '?'} events / ${row.lagSeconds ?? '?'} s  applied ${row.eventsApplied}` +
        (row.lastError ? `\n${' '.repeat(23)}last error: ${row.lastError}` : ''),
    ),
  ]);
}

type Run = typeof replayProjection | typeof rebuildProjection;

async function rerun(context: CliContext, name: string, json: boolean, kind: 'replay' | 'rebuild'): Promise<void> {
  const projection = findProjection(context.projections, name);
  const total = (await countMatching(context.db, context.store, projection.filter.streamPrefixes)) ?? 0;
  const progress = createProgress({ json });
  const started = performance.now();
  let applied = 0;
  const run: Run = kind === 'replay' ? replayProjection : rebuildProjection;
  try {
    await run({
      db: context.db,
      store: context.store,
      projection,
      batchSize: 5000,
      onStart: () => progress.start(`${kind} ${name}`, total),
      onProgress: (at: CatchUpProgress) => {
        applied = at.applied;
        progress.update(at.applied);
      },
    });
  } finally {
    progress.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const checkpoint = (await readCheckpoints(context.db)).find((row) => row.name === name);
  const result = { projection: name, kind, position: checkpoint?.position ?? 0, eventsApplied: applied, seconds: Math.round(seconds * 10) / 10 };
  print(json, result, () => [
    `${kind} of ${name} done: ${applied} events in ${result.seconds} s (${Math.round(applied / Math.max(seconds, 0.001))} events/s), position ${result.position}`,
  ]);
}

export function projectionsCommand(open: Open, withContext: (open: Open, work: (context: CliContext) => Promise<void>) => Promise<void>): Command {
  const command = new Command('projections').description('Inspect and rebuild the read models');
  command
    .command('status')
    .description('Position, lag (events and seconds), state and last error of every projection')
    .action((_options: object, self: Command) => withContext(open, (context) => status(context, jsonWanted(self))));
  command
    .command('replay <name>')
    .description('Empty the projection and apply every event again, in place')
    .action((name: string, _options: object, self: Command) => withContext(open, (context) => rerun(context, name, jsonWanted(self), 'replay')));
  command
    .command('rebuild <name>')
    .description('Build shadow tables from position 0, then swap them in atomically (blue/green)')
    .action((name: string, _options: object, self: Command) => withContext(open, (context) => rerun(context, name, jsonWanted(self), 'rebuild')));
  return command;
}
