/**
 * Child processes for the package test and the docs runner: commands run to completion, and a
 * long-running server whose announced address is awaited. Each child leads its own process group,
 * so stopping one also stops what `npx` or `sh` started under it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { shellEnvironment } from '../test-support/cli-process';

export interface Finished {
  code: number | null;
  output: string;
}

export interface RunOptions {
  /** Set over the cleaned environment (PATH, PORT, ...). */
  env?: NodeJS.ProcessEnv;
  /** The process group is killed once this has passed, and the run ends with code null. */
  timeoutMs?: number;
}

/** The outer `npm test` leaves its own settings in the environment; the commands under test must not inherit them (shellEnvironment). */
const cleanEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...shellEnvironment(), ...extra });

/**
 * Ends a child's whole process group (the child leads it: it was spawned detached), even when the
 * child itself has exited: what it started (npm's shell and the server under it) may still run.
 */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Every process of the group has gone.
  }
}

export function run(command: string, args: string[], cwd: string, options: RunOptions = {}): Promise<Finished> {
  const child = spawn(command, args, {
    cwd,
    env: cleanEnv(options.env),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          output += `\n(still running after ${String(options.timeoutMs)} ms: stopped)\n`;
          killGroup(child, 'SIGKILL');
        }, options.timeoutMs);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

export interface Server {
  baseUrl: string;
  /** What it printed so far. */
  output(): string;
  stop(): void;
  /** Settles once it and every process it started have exited (after `stop`, or by themselves). */
  exited: Promise<void>;
}

/**
 * The mock's line once it listens: `mock: serving the site on http://127.0.0.1:4010 (control API
 * under /__mock)`; a proxy's line names the deployment first, and an error may name an address too.
 */
const servingLine = /serving\b[^\n]*?(http:\/\/127\.0\.0\.1:\d+) \(control API/;

/** Polls until no process of the group is left (a group leader's exit leaves the server under it). */
async function groupGone(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts the mock's command (npm start, npx articles-mock, ...) and resolves once it says where it serves. */
export function startServer(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Server> {
  const child: ChildProcess = spawn(command, args, { cwd, env: cleanEnv(env), detached: true, stdio: 'pipe' });
  const stop = (): void => {
    killGroup(child, 'SIGTERM');
  };
  const exited = new Promise<void>((resolve) => {
    child.on('close', () => {
      if (child.pid === undefined) resolve();
      else void groupGone(child.pid).then(resolve);
    });
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const address = servingLine.exec(output)?.[1];
      if (address) resolve({ baseUrl: address, output: () => output, stop, exited });
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      reject(new Error(`${command} ${args.join(' ')} exited with ${String(code)} before serving:\n${output}`));
    });
  });
}
