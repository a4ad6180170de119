/**
 * Child processes for the package test: commands run to completion, and a long-running server
 * whose announced address is awaited. Each child leads its own process group, so stopping one
 * also stops what `npx` started under it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { shellEnvironment } from '../test-support/cli-process';

export interface Finished {
  code: number | null;
  output: string;
}

/** The outer `npm test` leaves its own settings in the environment; the commands under test must not inherit them (shellEnvironment). */
export function run(command: string, args: string[], cwd: string): Promise<Finished> {
  const child = spawn(command, args, { cwd, env: shellEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, output });
    });
  });
}

export interface Server {
  baseUrl: string;
  stop(): void;
}

/** Starts a server command and resolves with the first `http://127.0.0.1:<port>` it prints. */
export function startServer(command: string, args: string[], cwd: string): Promise<Server> {
  const child: ChildProcess = spawn(command, args, { cwd, env: shellEnvironment(), detached: true, stdio: 'pipe' });
  const stop = (): void => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const address = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0];
      if (address) resolve({ baseUrl: address, stop });
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      reject(new Error(`${command} ${args.join(' ')} exited with ${String(code)} before serving:\n${output}`));
    });
  });
}
