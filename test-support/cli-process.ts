/**
 * The mock's CLI as a real child process (`node mock/dist/cli.js`, as `npm start` runs it, or
 * another entry point such as proof/variant-server.ts), for the tests that need one: its output,
 * its exit, and the address it serves on once started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

export const projectRoot = resolve(__dirname, '..');

/**
 * The commands as their packages ship them, which the run's global setup has built from the sources
 * as they are (global-setup.ts). A built command also starts in about a fifth of the CPU time of one
 * tsx compiles as it loads, and the tests start over a hundred.
 */
export const mockCommand = join(projectRoot, 'mock', 'dist', 'cli.js');
export const contractCommand = join(projectRoot, 'contract-tests', 'dist', 'cli.js');

/** Node's arguments for an entry point: a built one as it is, a TypeScript one through tsx. */
export const nodeArguments = (entry: string): string[] =>
  entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];

export interface Cli {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

const running: ChildProcess[] = [];

/**
 * The environment of a user's shell, for a command a test runs: without what jest sets for its
 * workers (NODE_OPTIONS; FORCE_COLOR, when jest's own output is a terminal) and without the
 * variables of the npm that runs the tests (`npm test`).
 */
export function shellEnvironment(): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(
    ([name]) => !/^npm_/i.test(name) && !['NODE_OPTIONS', 'FORCE_COLOR', 'INIT_CWD'].includes(name),
  );
  return Object.fromEntries(kept);
}

/** What a child has printed so far, on each stream. */
export function collectOutput(child: ChildProcess): { stdout: () => string; stderr: () => string } {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return { stdout: () => stdout, stderr: () => stderr };
}

export function startCli(args: string[], env: Record<string, string> = {}, entry = mockCommand): Cli {
  // Nor a PORT, HOST or API_TOKEN of the caller.
  const { PORT: _port, HOST: _host, API_TOKEN: _token, ...inherited } = shellEnvironment();
  const child = spawn(process.execPath, [...nodeArguments(entry), ...args], {
    cwd: projectRoot,
    env: { ...inherited, ...env },
  });
  running.push(child);
  const output = collectOutput(child);
  const exit = new Promise<number | null>((done) =>
    child.on('exit', (code) => {
      done(code);
    }),
  );
  return { child, ...output, exit };
}

/** The address the CLI prints once it listens. */
export async function serving(cli: Cli): Promise<string> {
  for (let waited = 0; waited < 15_000; waited += 50) {
    const match = /serving .*on (http:\/\/\S+)/.exec(cli.stdout());
    if (match?.[1]) return match[1];
    if (cli.child.exitCode !== null) throw new Error(`mock exited: ${cli.stderr()}`);
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error('mock did not start');
}

/** Kills every CLI still running and waits for them to end (for `afterEach`), so none still writes to a folder a test removes. */
export async function killRunningClis(): Promise<void> {
  const alive = running.splice(0).filter((child) => child.exitCode === null && child.signalCode === null);
  const ended = alive.map((child) => new Promise((done) => child.once('exit', done)));
  for (const child of alive) child.kill('SIGKILL');
  await Promise.all(ended);
}
