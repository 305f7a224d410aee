import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** util-linux's setpriv: Debian's util-linux is an essential package, so every Debian host has it. */
const SETPRIV_PATHS = ['/usr/bin/setpriv', '/bin/setpriv'];

let setprivPath: string | null | undefined;

/** setpriv with --pdeathsig (util-linux 2.33 and later), found and tried once per process. */
function findSetpriv(): string | null {
  if (setprivPath !== undefined) return setprivPath;
  setprivPath = null;
  if (process.platform !== 'linux') return null;
  for (const candidate of SETPRIV_PATHS) {
    if (!fs.existsSync(candidate)) continue;
    const probe = spawnSync(candidate, ['--pdeathsig', 'KILL', '--', 'true'], { stdio: 'ignore', timeout: 5000 });
    if (probe.status === 0) {
      setprivPath = candidate;
      break;
    }
  }
  return setprivPath;
}

/**
 * The command and arguments that run `file args` as a child that the kernel kills the moment
 * this process ends, however it ends: SIGKILL and crashes included, where no exit handler runs
 * (decision 048). Node cannot call prctl(PR_SET_PDEATHSIG) between fork and exec; setpriv does,
 * then execs `file` in the same process, so the child's pid is the program's own.
 *
 * Without setpriv (not Linux), the command is run as it is, and `guarded` is false: the caller's
 * other guards (a clean stop, the kill on process exit, the pid file checked at the next start)
 * remain.
 */
export function dieWithParent(
  file: string,
  args: readonly string[],
): { file: string; args: string[]; guarded: boolean } {
  const setpriv = findSetpriv();
  if (!setpriv) return { file, args: [...args], guarded: false };
  return { file: setpriv, args: ['--pdeathsig', 'KILL', '--', file, ...args], guarded: true };
}
