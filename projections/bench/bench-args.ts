import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A benchmark's options: `--json` and the ones it names, each a number. */
export interface BenchArgs<K extends string> {
  json: boolean;
  numbers: Record<K, number>;
}

/**
 * Reads a benchmark's command line. `--help` prints `usage` and exits 0; an unknown option, or a number
 * option that is not a positive number, prints the error and `usage` and exits 2 — before a benchmark
 * of several minutes starts with settings nobody asked for.
 */
export function benchArgs<K extends string>(usage: string, defaults: Record<K, number>, argv = process.argv.slice(2)): BenchArgs<K> {
  const names = Object.keys(defaults) as K[];
  const options: NonNullable<ParseArgsConfig['options']> = { json: { type: 'boolean' }, help: { type: 'boolean' } };
  for (const name of names) options[name] = { type: 'string' };
  const fail = (message: string): never => {
    process.stderr.write(`${message}\n\n${usage}\n`);
    process.exit(2);
  };
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false }));
  } catch (error) {
    return fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  const numbers = { ...defaults };
  for (const name of names) {
    const given = values[name];
    if (given === undefined) continue;
    const value = Number(given);
    if (!(value > 0) || !Number.isFinite(value)) fail(`--${name} expects a number above 0, not '${String(given)}'`);
    numbers[name] = value;
  }
  return { json: values.json === true, numbers };
}
