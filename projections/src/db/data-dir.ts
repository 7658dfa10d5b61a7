import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

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

export interface DataDirPlace {
  /** Where the command was run: npm's `INIT_CWD` (npm runs a workspace's script inside its folder), else the working directory. */
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
  const invokedFrom = place.invokedFrom ?? process.env.INIT_CWD ?? process.cwd();
  if (value) return resolve(invokedFrom, value);
  const root = workspaceRoot(place.codeDir ?? __dirname);
  return resolve(root ?? invokedFrom, 'var');
}
