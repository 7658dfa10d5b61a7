import { diskProblem, listenProblem } from './startup-problems';

const errno = (code: string, extra: Record<string, string> = {}) => Object.assign(new Error(`${code}: raw`), { code, ...extra });

it('says in one line which path the shop could not use, and why', () => {
  expect(diskProblem(errno('EACCES', { path: '/srv/tcg/var/data/tcg.lock' }))).toBe(
    'Cannot use /srv/tcg/var/data/tcg.lock: permission denied (check DATA_DIR and its permissions)',
  );
  expect(diskProblem(errno('EROFS', { path: '/srv/tcg/var/data' }))).toBe('Cannot use /srv/tcg/var/data: read-only file system (check DATA_DIR and its permissions)');
  expect(diskProblem(errno('ENOSPC', { path: '/srv/tcg/var/files/x' }))).toMatch(/no space left on the device/);
  expect(diskProblem(errno('ENOTDIR', { path: '/srv/tcg/var/data' }))).toBe('Cannot use /srv/tcg/var/data: a file stands where a directory must be (check DATA_DIR and its permissions)');
  // The refusal under the data folder's own error (which names DATA_DIR for the CLI).
  const underneath = new Error('the embedded database folder /proc/tcg/data (DATA_DIR) cannot be made', { cause: errno('ENOENT', { path: '/proc/tcg' }) });
  expect(diskProblem(underneath)).toBe('Cannot use /proc/tcg: no directory can be made there (check DATA_DIR and its permissions)');
  // Not a refusal of the disk, or no path to name: shown as it is.
  expect(diskProblem(errno('ECONNREFUSED', { path: '/x' }))).toBeUndefined();
  expect(diskProblem(errno('EACCES'))).toBeUndefined();
  expect(diskProblem(new Error('boom'))).toBeUndefined();
});

it('names the variable to change when the server cannot listen', () => {
  expect(listenProblem(errno('EADDRINUSE'))).toBe('the port is in use by another process (set PORT)');
  expect(listenProblem(errno('ENOTFOUND'))).toBe('no such host name (set HOST)');
  expect(listenProblem(errno('EADDRNOTAVAIL'))).toBe('this machine has no such address (set HOST)');
  expect(listenProblem(errno('EACCES'))).toBe('not allowed: ports below 1024 need privileges (set PORT)');
  expect(listenProblem(errno('EWHATEVER'))).toBe('EWHATEVER: raw');
});
