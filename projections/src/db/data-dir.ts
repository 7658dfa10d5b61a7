import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The directory of the workspace's own package.json (the one with `workspaces`), above `from`. */
function workspaceRoot(from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown }).workspaces) return dir;
      } catch {
        // An unreadable package.json is not the workspace's: look further up.
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** Whether one of the two directories holds the other (or they are the same). */
function nested(a: string, b: string): boolean {
  const down = (from: string, to: string) => !relative(from, to).startsWith('..');
  return down(a, b) || down(b, a);
}

/**
 * Where the command was run: npm's `INIT_CWD` when npm started this process (it runs a workspace's
 * script inside the package's folder, below it), else the working directory. A process that only
 * inherited INIT_CWD from an npm somewhere else, and runs in an unrelated folder, reads its own.
 */
export function invocationDir(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  const initCwd = env.INIT_CWD;
  return initCwd && nested(resolve(initCwd), cwd) ? resolve(initCwd) : cwd;
}

export interface DataDirPlace {
  /** Where the command was run (`invocationDir()`). */
  invokedFrom?: string;
  /** Where this code lives, to find the workspace from. */
  codeDir?: string;
}

/**
 * Where the embedded shop keeps its data. Unset, it is `var` at the workspace's root whatever the folder
 * a command runs in: `npm start`, `npm run dev` (whose API runs in backend/api) and `npx tcg` from
 * projections/ used to open three different databases. A relative DATA_DIR is read from where the
 * command was run.
 */
export function resolveDataDir(value: string | undefined, place: DataDirPlace = {}): string {
  const invokedFrom = place.invokedFrom ?? invocationDir();
  if (value) return resolve(invokedFrom, value);
  const root = workspaceRoot(place.codeDir ?? __dirname);
  return resolve(root ?? invokedFrom, 'var');
}
