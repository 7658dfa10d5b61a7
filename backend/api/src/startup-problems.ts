/*
 * What stops the shop at start-up for a reason in the machine's set-up rather than in the code, said
 * in one line naming what to change (the configuration's own errors are `ConfigError`).
 */

/** A server the configuration names cannot be used: its message is the one line to print, naming the variable. */
export class StartupProblem extends Error {
  override readonly name = 'StartupProblem';
}

/** A message on one line (a client's may span several). */
function oneLine(message: string): string {
  return message.replace(/\s+/g, ' ').trim();
}

/** Wraps a failure to use the server a variable names, so start-up says which variable to check. */
export function problemWith(variable: string, server: string, error: unknown): StartupProblem {
  return new StartupProblem(`Cannot use ${server} (check ${variable}): ${oneLine(error instanceof Error ? error.message : String(error))}`);
}

/** Why the server could not listen, in the words of the variable to change. */
export function listenProblem(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  switch (code) {
    case 'EADDRINUSE':
      return 'the port is in use by another process (set PORT)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'no such host name (set HOST)';
    case 'EADDRNOTAVAIL':
      return 'this machine has no such address (set HOST)';
    case 'EACCES':
      return 'not allowed: ports below 1024 need privileges (set PORT)';
    default:
      return message;
  }
}

/** File-system refusals at start-up (an unwritable or full DATA_DIR). */
const DISK_PROBLEMS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  ENOTDIR: 'a file stands where a directory must be',
  EEXIST: 'a file stands where a directory must be',
  // A parent that exists but takes no new folders: /proc, /sys.
  ENOENT: 'no directory can be made there',
};

/**
 * The line for a file-system refusal, or undefined for any other error (shown with its stack). The
 * refusal may be the `cause` of the error that reached here (the data folder's, which names DATA_DIR for the CLI).
 */
export function diskProblem(error: unknown): string | undefined {
  for (let at = error; at instanceof Error; at = at.cause) {
    const { code, path } = at as NodeJS.ErrnoException;
    if (code && path && code in DISK_PROBLEMS) return `Cannot use ${path}: ${DISK_PROBLEMS[code]} (check DATA_DIR and its permissions)`;
  }
  return undefined;
}
