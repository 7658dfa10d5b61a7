import { Command } from 'commander';
import { pendingMigrations } from '../db/migrate';
import { CatchUpProgress, ProjectionHaltedError } from '../projections/catch-up';
import { type ProjectionState, readCheckpoints } from '../projections/checkpoints';
import { rebuildProjection, SHADOW_SUFFIX } from '../projections/blue-green';
import { deferredIndexCount } from '../projections/deferred-indexes';
import { rebuildRunning } from '../projections/maintenance-lock';
import { UnknownProjectionError } from '../projections/projection';
import { PROJECTION_LOCK_SPACE } from '../projections/projection-runner';
import { createProjections, findProjection } from '../projections/projection-registry';
import { OPENSEARCH_PROJECTION } from '../search/opensearch-index.projection';
import { replayProjections } from '../projections/replay';
import type { Projection } from '../projections/projection';
import { countMatching } from '../projections/store-head';
import { CliContext, type OpenContext } from './cli-context';
import { events, EXIT_FINDINGS, interruption, jsonWanted, oneLine, print, READ_ONLY_NOTE, rebuildInterruptedNote, REPLAY_INTERRUPTED_NOTE } from './output';
import { createProgress } from './progress';

type Open = OpenContext;

/** Events per transaction in a replay or rebuild: bigger batches write each card row fewer times. */
const REPLAY_BATCH = 40_000;

/**
 * How many events behind a projection `status` counts at most: on EventStoreDB counting means reading
 * them. Past it the lag reads "100000+ events", and its age in seconds still says how far behind.
 */
const LAG_COUNT_LIMIT = 100_000;

async function status(context: CliContext, json: boolean): Promise<void> {
  interruption.note = READ_ONLY_NOTE;
  const checkpoints = new Map((await readCheckpoints(context.db)).map((checkpoint) => [checkpoint.name, checkpoint]));
  const names = [...new Set([...context.projections.map((projection) => projection.name), ...checkpoints.keys()])];
  const rows = await Promise.all(
    names.map(async (name) => {
      const checkpoint = checkpoints.get(name);
      const position = checkpoint?.position ?? 0;
      const lag = await context.store.behind(position, LAG_COUNT_LIMIT);
      const rebuildOf = name.endsWith(SHADOW_SUFFIX) ? name.slice(0, -SHADOW_SUFFIX.length) : null;
      const tables = context.projections.find((projection) => projection.name === name)?.tables ?? [];
      return {
        name,
        position,
        state: rebuildOf ? await shadowState(context, rebuildOf, checkpoint?.state === 'halted') : await liveState(context, name, checkpoint?.state),
        lagEvents: lag.events,
        lagEventsExact: lag.exact,
        lagSeconds: lag.oldestAt ? Math.max(0, Math.round((Date.now() - lag.oldestAt.getTime()) / 100) / 10) : 0,
        eventsApplied: checkpoint?.eventsApplied ?? 0,
        lastError: checkpoint?.lastError ? oneLine(checkpoint.lastError) : null,
        updatedAt: checkpoint?.updatedAt.toISOString() ?? null,
        deferredIndexes: await deferredIndexCount(context.db, tables),
      };
    }),
  );
  const pending = await pendingMigrations(context.db);
  // Read last: every event the lags counted is at or before it, so a projection at the head has none.
  const head = await context.store.head();
  // Names in one column, as wide as the longest (CLI QA: `search-opensearch__shadow` pushed its row out of line).
  const width = Math.max(22, ...rows.map((row) => row.name.length));
  const under = ' '.repeat(width + 1);
  print(json, { head, pendingMigrations: pending, projections: rows }, () => [
    `event store head: ${head}`,
    ...(pending.length > 0
      ? [`${pending.length} migration${pending.length === 1 ? '' : 's'} of this version not applied yet (${pending.join(', ')}): the shop applies them when it starts, and so do replay, rebuild and seed:synthetic`]
      : []),
    ...rows.map(
      (row) =>
        `${row.name.padEnd(width)} ${row.state.padEnd(11)} position ${row.position}  lag ${row.lagEvents}${row.lagEventsExact ? '' : '+'} events / ${row.lagSeconds} s  applied ${row.eventsApplied}` +
        (row.lastError ? `\n${under}last error: ${row.lastError}` : '') +
        (row.deferredIndexes > 0
          ? `\n${under}${row.deferredIndexes} secondary indexes not built: a replay builds them when it ends; after an interrupted one, the next projector, replay or rebuild of ${row.name} does (searches are slow until then)`
          : '') +
        (row.state === 'abandoned' || row.state === 'failed'
          ? `\n${under}left by ${row.state === 'failed' ? 'a rebuild that stopped on the error above' : 'an interrupted rebuild'}; the next \`tcg projections rebuild ${row.name.slice(0, -SHADOW_SUFFIX.length)}\`${row.name === `${OPENSEARCH_PROJECTION}${SHADOW_SUFFIX}` ? ' (with OPENSEARCH_URL set)' : ''} clears it`
          : ''),
    ),
  ]);
  // For scripts and monitors, as `audit`: a projection that applies nothing until someone acts is a finding.
  if (rows.some((row) => row.state === 'halted' || row.state === 'failed')) process.exitCode = EXIT_FINDINGS;
}

/**
 * A projection whose checkpoint says `running` runs only while a process holds its runner lock (a
 * projector, or a replay): with none, its read models stand still, and `status` says `stopped`.
 */
async function liveState(context: CliContext, projection: string, recorded: ProjectionState | undefined): Promise<ProjectionState | 'stopped' | 'not started'> {
  if (recorded !== 'running') return recorded ?? 'not started';
  const lock = await context.db.tryLock(PROJECTION_LOCK_SPACE, projection);
  await lock?.release();
  return lock ? 'stopped' : 'running';
}

/**
 * A shadow checkpoint is a rebuild under way while a rebuild holds its lock (a replay of the same
 * projection holds only the maintenance lock), and a leftover otherwise: `failed` when the rebuild halted
 * on an event (its error is the row's), `abandoned` when it was interrupted.
 */
async function shadowState(context: CliContext, projection: string, halted: boolean): Promise<'rebuilding' | 'failed' | 'abandoned'> {
  if (await rebuildRunning(context.db, projection)) return 'rebuilding';
  return halted ? 'failed' : 'abandoned';
}

interface Rerun {
  projections: Projection[];
  kind: 'replay' | 'rebuild';
  run(onStart: () => void, onProgress: (at: CatchUpProgress) => void, onFinishing: () => void): Promise<unknown>;
}

async function rerun(context: CliContext, json: boolean, work: Rerun): Promise<void> {
  const names = work.projections.map((projection) => projection.name);
  // OpenSearch answers before its projection's checkpoint is reset (CLI QA: a replay refused by an
  // OpenSearch that was down left a checkpoint at 0 behind it).
  if (names.includes(OPENSEARCH_PROJECTION)) await context.search.index.ping();
  let total = 0;
  for (const projection of work.projections) total += (await countMatching(context.db, context.store, projection.filter.streamPrefixes)) ?? 0;
  const progress = createProgress({ json });
  const started = performance.now();
  let applied = 0;
  try {
    await work.run(
      () => progress.start(`${work.kind} ${names.join(', ')}`, total),
      (at) => {
        applied = at.applied;
        progress.update(at.applied);
      },
      () => progress.finish(work.kind === 'replay' ? 'events applied; vacuuming and building the indexes…' : 'events applied; vacuuming, building the indexes and swapping in…'),
    );
  } finally {
    progress.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const checkpoints = await readCheckpoints(context.db);
  const results = names.map((name) => ({
    projection: name,
    kind: work.kind,
    position: checkpoints.find((row) => row.name === name)?.position ?? 0,
    eventsApplied: names.length === 1 ? applied : checkpoints.find((row) => row.name === name)?.eventsApplied ?? 0,
    seconds: Math.round(seconds * 10) / 10,
  }));
  const rate = Math.round(applied / Math.max(seconds, 0.001));
  const single = results.length === 1;
  print(json, single ? results[0] : results, () => [
    ...results.map(
      (result) => `${work.kind} of ${result.projection} done: ${events(result.eventsApplied)} in ${result.seconds} s${single ? ` (${rate} events/s)` : ''}, position ${result.position}`,
    ),
    ...(single ? [] : [`${events(applied)} in all, ${rate} events/s`]),
  ]);
}

/**
 * Refuses a name no configuration knows before anything is opened (opening migrates the database). The
 * OpenSearch projection exists only with OPENSEARCH_URL: whether it does is known once the context is open.
 */
function refuseUnknownNames(names: readonly string[]): void {
  const known = createProjections().map((projection) => projection.name);
  const unknown = names.find((name) => !known.includes(name) && name !== OPENSEARCH_PROJECTION);
  if (unknown !== undefined) throw new UnknownProjectionError(unknown, [...known, `${OPENSEARCH_PROJECTION} (with OPENSEARCH_URL)`]);
}

/**
 * A replay of several stops one projection on its event and applies the others to the end: said with the
 * halt (CLI QA: the halt alone read as if nothing had been replayed).
 */
function othersReplayed(halted: ProjectionHaltedError, projections: readonly Projection[]): Error {
  const others = projections.map((projection) => projection.name).filter((name) => name !== halted.projectionName);
  if (others.length === 0) return halted;
  return new Error(`${halted.message}; ${others.join(', ')} ${others.length === 1 ? 'was' : 'were'} replayed to the end (tcg projections status)`);
}

/** `search-opensearch` named without OPENSEARCH_URL: the name is right, the configuration is missing. */
class OpenSearchUnsetError extends UnknownProjectionError {
  constructor(known: readonly string[]) {
    super(OPENSEARCH_PROJECTION, known);
    this.message = `projection "${OPENSEARCH_PROJECTION}" needs OPENSEARCH_URL (the OpenSearch address), which is not set; known without it: ${known.join(', ')}`;
  }
}

function projectionNamed(context: CliContext, name: string): Projection {
  if (name === OPENSEARCH_PROJECTION && !context.projections.some((projection) => projection.name === name)) {
    throw new OpenSearchUnsetError(context.projections.map((projection) => projection.name));
  }
  return findProjection(context.projections, name);
}

function replayNames(context: CliContext, names: string[], all: boolean | undefined): Projection[] {
  return all ? context.projections : [...new Set(names)].map((name) => projectionNamed(context, name));
}

export function projectionsCommand(open: Open, withContext: (open: Open, work: (context: CliContext) => Promise<void>) => Promise<void>): Command {
  const command = new Command('projections').description('Inspect and rebuild the read models');
  command
    .command('status')
    .description('Position, lag (events and seconds), state and last error of every projection')
    .action((_options: object, self: Command) => withContext(() => open({ migrate: false }), (context) => status(context, jsonWanted(self))));
  command
    .command('replay [names...]')
    .description('Empty the projections and apply every event again, in place, from one read of the log')
    .option('--all', 'every projection')
    .action((names: string[], options: { all?: boolean }, self: Command) => {
      if (Boolean(options.all) === names.length > 0) self.error('error: name the projections to replay, or give --all (not both)');
      refuseUnknownNames(names);
      interruption.note = REPLAY_INTERRUPTED_NOTE;
      return withContext(open, async (context) => {
        const projections = replayNames(context, names, options.all);
        try {
          await rerun(context, jsonWanted(self), {
            projections,
            kind: 'replay',
            run: (onStart, onProgress, onFinishing) =>
              replayProjections({ db: context.db, store: context.store, projections, batchSize: REPLAY_BATCH, onStart, onProgress, onFinishing }),
          });
        } catch (error) {
          throw error instanceof ProjectionHaltedError ? othersReplayed(error, projections) : error;
        }
      });
    });
  command
    .command('rebuild <name>')
    .description('Build shadow tables from position 0, then swap them in atomically (blue/green)')
    .action((name: string, _options: object, self: Command) => {
      refuseUnknownNames([name]);
      interruption.note = rebuildInterruptedNote(name);
      return withContext(open, (context) => {
        const projection = projectionNamed(context, name);
        return rerun(context, jsonWanted(self), {
          projections: [projection],
          kind: 'rebuild',
          run: (onStart, onProgress, onFinishing) =>
            rebuildProjection({ db: context.db, store: context.store, projection, batchSize: REPLAY_BATCH, onStart, onProgress, onFinishing }),
        });
      });
    });
  return command;
}
