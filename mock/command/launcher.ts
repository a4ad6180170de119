/**
 * The mock stops when the npm that launched it is gone (docs/mock.md, "Stopping it"). npm runs a
 * script or a package's command through a shell (`sh -c node mock/dist/cli.js`), so under
 * `npm start`, `npm run`, `npx` and `npm exec` the mock's parent is that shell, not npm. npm killed
 * outright (SIGKILL) leaves the shell running; npx stopped with SIGTERM passes the signal to the
 * shell alone, which ends and leaves the mock to init. Either way a link between the mock and npm
 * breaks: a process in the chain is no longer the parent of the one below it. So the mock notes its
 * ancestors from its parent up to npm and checks the links every quarter second; when one breaks,
 * the processes still between it and the break (a shell, a watcher such as `npm run dev`'s nodemon)
 * are asked to end too. Linux gives each process's parent in /proc; where there is no /proc, only
 * the mock's own parent is watched (process.ppid).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** What the watch needs to know of other processes: each one's parent, and its command line. */
export interface ProcessTable {
  parentOf(pid: number): number | undefined;
  commandOf(pid: number): string[];
}

const readOrNothing = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return undefined;
  }
};

/** Linux's: /proc/<pid>/stat (the parent is the second field after the name, which may hold spaces) and cmdline. */
export const procTable: ProcessTable = {
  parentOf: (pid) => {
    const stat = readOrNothing(`/proc/${String(pid)}/stat`);
    const parent = stat === undefined ? NaN : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(parent) ? parent : undefined;
  },
  commandOf: (pid) => (readOrNothing(`/proc/${String(pid)}/cmdline`) ?? '').split('\0'),
};

/** Launched by npm (a script, npx or npm exec), which names its lifecycle event in the environment. */
export const launchedByNpm = (env: NodeJS.ProcessEnv): boolean => env.npm_lifecycle_event !== undefined;

/**
 * npm's process: it names itself `npm start ...` or `npm exec ...` in its title (what /proc shows as
 * its command line: one string, whose later words may be paths), or, where it could not, runs the
 * script npm gives as `npm_execpath`.
 */
export function isNpm(command: string[], env: NodeJS.ProcessEnv): boolean {
  const [program = ''] = (command[0] ?? '').trim().split(/\s/);
  return /^(npm|npx)$/.test(basename(program)) || command.includes(env.npm_execpath ?? '\0');
}

/** Far enough up for any shell, wrapper or test runner between npm and the mock. */
const maxDepth = 16;

/**
 * The processes from `parent` up to npm, nearest first. Only `parent` when npm is not among them
 * (the table cannot tell, or the environment came from an npm the mock does not descend from).
 */
export function ancestorsUpToNpm(parent: number, env: NodeJS.ProcessEnv, table: ProcessTable): number[] {
  const chain: number[] = [];
  for (let pid: number | undefined = parent; pid !== undefined && pid > 1 && chain.length < maxDepth;) {
    chain.push(pid);
    if (isNpm(table.commandOf(pid), env)) return chain;
    pid = table.parentOf(pid);
  }
  return [parent];
}

/** Whether each process of `chain` is still the parent of the one below it, the first being the mock's own. */
export const chainHolds = (chain: number[], ownParent: number, table: ProcessTable): boolean =>
  chain.every((pid, index) => (index === 0 ? ownParent === pid : table.parentOf(chain[index - 1] ?? 0) === pid));

export const watchEveryMs = 250;

/**
 * The processes of `chain` still linked to the mock: from its parent up to the first broken link.
 * Once npm is gone they belong to no one (a shell, or a watcher such as nodemon that would start
 * the mock again on the next change), so they end with the mock.
 */
export function stillLinked(chain: number[], ownParent: number, table: ProcessTable): number[] {
  const linked: number[] = [];
  for (const pid of chain) {
    const below = linked.at(-1);
    if ((below === undefined ? ownParent : table.parentOf(below)) !== pid) break;
    linked.push(pid);
  }
  return linked;
}

const terminate = (pid: number): void => {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // Gone already.
  }
};

/**
 * Calls `stop` once, when a link between the mock and the npm that launched it breaks, after
 * asking the processes left between them to end; nothing without npm.
 */
export function stopWithLauncher(stop: (reason: string) => void, env = process.env, table = procTable): void {
  if (!launchedByNpm(env)) return;
  const chain = ancestorsUpToNpm(process.ppid, env, table);
  const watch = setInterval(() => {
    if (chainHolds(chain, process.ppid, table)) return;
    clearInterval(watch);
    stillLinked(chain, process.ppid, table).forEach(terminate);
    stop('npm, which started the mock, is gone');
  }, watchEveryMs);
  watch.unref();
}
