/**
 * `npm run contract` as a real child process (`node contract-tests/dist/cli.js`, as the package's
 * `articles-contract` runs), with none
 * of the caller's CONTRACT_ variables: its output as it comes, and how it ended; and mocks for it
 * to check, served on loopback ports of the test's own process so the test can read their state.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { MockOptions } from 'site-articles-mock';
import { shellQuote } from '../contract-tests/http/curl';
import { startInProcessMock, type RunningTarget } from '../contract-tests/in-process';
import { collectOutput, contractCommand, projectRoot, shellEnvironment } from './cli-process';
import { tempFolders } from './temp-files';

const mocks: RunningTarget[] = [];

/** A mock on a free loopback port, closed by `closeMocks`. */
export async function serveMock(options: MockOptions = {}): Promise<RunningTarget> {
  const target = await startInProcessMock(options);
  mocks.push(target);
  return target;
}

export const dataOf = (target: RunningTarget, id: number): unknown =>
  target.mock.state().articles.find((article) => article.id === id)?.data;

/** Closes every mock `serveMock` started (for `afterAll`). */
export async function closeMocks(): Promise<void> {
  await Promise.all(mocks.splice(0).map((target) => target.close()));
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface ContractRun {
  child: ChildProcess;
  /** Once the process has ended and its output is all read. */
  finished: Promise<Finished>;
  /** The standard output so far. */
  output: () => string;
}

/**
 * Starts the command; with `terminal`, under util-linux's `script`, whose pseudo-terminal makes its
 * standard output a TTY, as in a person's shell (its lines then end in CR LF).
 */
/**
 * Under jest, the command's temporary folder is one of the test file's own, removed after it: a
 * failing run given no report file writes its case files under the system's temporary folder.
 */
const commandTemp = typeof afterAll === 'function' ? tempFolders('contract-cli')() : undefined;

export function startContractCli(
  args: string[],
  env: Record<string, string> = {},
  { terminal = false } = {},
): ContractRun {
  const inherited = Object.fromEntries(
    Object.entries(shellEnvironment()).filter(([name]) => !name.startsWith('CONTRACT_') && name !== 'JEST_WORKER_ID'),
  );
  const command = [process.execPath, contractCommand, ...args];
  const [file, ...words] = terminal ? ['script', '-qec', command.map(shellQuote).join(' '), '/dev/null'] : command;
  const child = spawn(file ?? '', words, {
    cwd: projectRoot,
    env: { ...inherited, ...(commandTemp ? { TMPDIR: commandTemp } : {}), ...env },
  });
  const { stdout, stderr } = collectOutput(child);
  const finished = new Promise<Finished>((done) => {
    child.on('close', (code) => {
      done({ code, stdout: stdout(), stderr: stderr() });
    });
  });
  return { child, finished, output: stdout };
}

/** Sends SIGINT `after` ms once the run has printed `text` (or has ended). */
export async function interruptOnceItPrints(run: ContractRun, text: string | RegExp, after = 0): Promise<void> {
  const printed = (): boolean => (typeof text === 'string' ? run.output().includes(text) : text.test(run.output()));
  while (!printed() && run.child.exitCode === null) await new Promise((tick) => setTimeout(tick, 50));
  await new Promise((tick) => setTimeout(tick, after));
  run.child.kill('SIGINT');
}
