#!/usr/bin/env -S node --max-semi-space-size=128
/*
 * The operators' CLI: `npm run tcg -- <command>` or `npx tcg <command>` (docs/operations-cli.md).
 * Works against DATABASE_URL, or the embedded PGlite under DATA_DIR/data while the shop is stopped.
 * A replay keeps a page of events alive while it folds the next: with V8's default 16 MB young
 * generation they survive into the old one and garbage collection takes a third of the run
 * (docs/benchmarks.md), hence the larger semi-space here and in the npm scripts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { DataDirLockedError } from '../db/data-dir-lock';
import { UnknownProjectionError } from '../projections/projection';
import { adminCommand } from './admin.command';
import { customerCommand } from './customer.command';
import { auditCommand } from './audit.command';
import { CliContext, openCliContext, type OpenContext } from './cli-context';
import { EXIT_USAGE, FINISHED_NOTE, interruption, oneLine } from './output';
import { stopAllProgress } from './progress';
import { projectionsCommand } from './projections.commands';
import { seedSyntheticCommand } from './seed-synthetic.command';

type Open = OpenContext;

async function withContext(open: Open, work: (context: CliContext) => Promise<void>): Promise<void> {
  await withContextResult(open, work);
}

async function withContextResult<T>(open: Open, work: (context: CliContext) => Promise<T>): Promise<T> {
  const context = await open();
  try {
    const result = await work(context);
    interruption.note = FINISHED_NOTE;
    return result;
  } finally {
    await context.close();
  }
}

function fail(error: unknown): void {
  if (error instanceof UnknownProjectionError) {
    process.stderr.write(`error: ${error.message}\n`);
    process.exitCode = EXIT_USAGE;
  } else if (error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = EXIT_USAGE;
  } else if (error instanceof CommanderError) {
    // Commander's own parse errors (unknown command or option) are usage errors; commands choose their own code.
    process.exitCode = error.code.startsWith('commander.') && error.exitCode !== 0 ? EXIT_USAGE : error.exitCode;
  } else if (unreachable(error)) {
    process.stderr.write(`error: cannot reach a server; check DATABASE_URL (and EVENTSTORE_URL, OPENSEARCH_URL when set): ${clientMessage(error as Error)}\n`);
    process.exitCode = 1;
  } else if (refusedByDatabase(error)) {
    process.stderr.write(`error: the database refused the connection; check DATABASE_URL: ${oneLine((error as Error).message)}\n`);
    process.exitCode = 1;
  } else {
    process.stderr.write(`error: ${oneLine(error instanceof Error ? error.message : String(error))}\n`);
    process.exitCode = 1;
  }
}

/** A client's message without the empty trailers some add (gRPC: "… Resolution note: "). */
function clientMessage(error: Error): string {
  return error.message.replace(/\s*Resolution note:\s*$/, '').trim();
}

/** Connection failures, which a wrong address in the environment causes. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET']);

/**
 * By the error's code, or by its message where a client wraps the socket's error in its own (OpenSearch's
 * ConnectionError), or words it itself: pg's connection timeout, and a server that hung up on the
 * connection (one that is no PostgreSQL, or a route that drops it).
 */
function unreachable(error: unknown): boolean {
  if (UNREACHABLE.has((error as NodeJS.ErrnoException | undefined)?.code ?? '')) return true;
  return (
    error instanceof Error &&
    /\b(?:ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ECONNRESET)\b|Connection terminated|timeout exceeded when trying to connect/.test(error.message)
  );
}

/**
 * PostgreSQL's refusals of the connection itself, which the address in DATABASE_URL causes: no such
 * database (3D000), a user or password it does not take (class 28), a connection it will not open (class 08).
 */
function refusedByDatabase(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === '3D000' || code.startsWith('28') || code.startsWith('08'));
}

/** The package's version (`src/cli` and `dist/cli` both sit two folders under it). */
function packageVersion(): string {
  return (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
}

export function createProgram(open: Open = (options) => openCliContext(process.env, options)): Command {
  const program = new Command('tcg')
    .description("TCG shop operators' CLI")
    .version(packageVersion(), '-V, --version', 'print the version')
    .option('--json', 'print JSON on stdout: one object, an array for several projections (no progress bars; errors stay text on stderr)');
  program.addCommand(projectionsCommand(open, withContext));
  program.addCommand(auditCommand(open, withContext));
  program.addCommand(seedSyntheticCommand(open, withContext));
  // Granting needs the users the shop's sign-in created: a database without its tables is refused, not
  // migrated, and so is one an older shop migrated (a running older shop would not expect the new tables).
  const current = { migrate: false, current: true } as const;
  program.addCommand(adminCommand((work) => withContextResult(() => open(current), (context) => work(context.db))));
  program.addCommand(customerCommand((work) => withContextResult(() => open(current), (context) => work(context.db))));
  for (const command of [program, ...program.commands, ...program.commands.flatMap((child) => child.commands)]) {
    command.exitOverride();
    // `--json` goes after any command too: each command's help lists it.
    command.configureHelp({ showGlobalOptions: true });
  }
  return program;
}

/** Parses and runs; failures become a message on stderr and `process.exitCode`, never a stack trace. */
export async function runCli(argv: string[], open?: Open): Promise<void> {
  const program = createProgram(open);
  // Commander answers `help` of a command it does not know with the whole help and no word of why (CLI QA);
  // said as `tcg bogus` says it.
  const [first, wanted] = argv;
  if (first === 'help' && wanted !== undefined && !program.commands.some((command) => command.name() === wanted)) {
    process.stderr.write(`error: unknown command '${wanted}'\n`);
    process.exitCode = EXIT_USAGE;
    return;
  }
  await program.parseAsync(argv, { from: 'user' }).catch(fail);
}

/** Ctrl-C: the terminal as it was, and what became of the work; exit 130 like any shell command interrupted. */
function onInterrupt(): void {
  stopAllProgress();
  process.stderr.write(`\ninterrupted: ${interruption.note}\n`);
  process.exit(130);
}

/**
 * A reader that stopped early (`tcg projections status | head -3`) closed the pipe: there is nobody left
 * to tell, so the command ends quietly instead of crashing on the write: with 0 as a shell pipeline
 * expects, or with the exit code its result set before the write (an audit's 1 for a difference: CLI QA
 * found `tcg audit | head -1` exiting 0).
 */
function onOutputError(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
}

/** Runs the command line this process was started with (`bin/tcg.js`, or `node dist/cli/main.js`). */
export function main(): void {
  process.once('SIGINT', onInterrupt);
  process.stdout.on('error', onOutputError);
  process.stderr.on('error', onOutputError);
  void runCli(process.argv.slice(2));
}

if (require.main === module) main();
