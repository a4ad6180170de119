/**
 * The processes of a run: servers pinned to core 1, load generators to core 0 (when the machine
 * has two cores and `taskset`), each started from a script beside this one (compiled, or through
 * the same TypeScript loader the runner itself was started with).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { everyCore } from './machine';
import { createServer } from 'node:net';
import type { LoadResult, LoadSpec } from './load-spec';

export interface Server {
  origin: string;
  /** Spawn to first answer, in milliseconds. */
  startMs: number;
  /** Highest resident memory so far (VmHWM), in megabytes. */
  peakMb(): number;
  /** Resident memory now (VmRSS), in megabytes. */
  rssMb(): number;
  /** CPU time the server has used so far (user + system), in seconds. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

export interface ServerCommand {
  /** Node arguments: the script and its options; `{port}` is replaced. */
  args: string[];
  env?: Record<string, string>;
  /** What to ask for to know the server answers. */
  probe: string;
}

/**
 * `cores` as taskset takes them. A child takes its parent's cores, and this process is pinned to
 * core 0 (machine.ts), so even a server free to use every core is started through taskset.
 */
const pinned = (cores: string, enabled: boolean, args: string[]): [string, string[]] =>
  enabled ? ['taskset', ['-c', cores, process.execPath, ...args]] : [process.execPath, args];

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function answers(origin: string, path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = get(`${origin}${path}`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => {
        resolve(true);
      });
    });
    request.on('error', () => {
      resolve(false);
    });
  });
}

/** A memory line of /proc/<pid>/status (`VmHWM`, `VmRSS`), in megabytes. */
function memoryOf(child: ChildProcess, line: 'VmHWM' | 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${String(child.pid)}/status`, 'utf8');
    const kilobytes = new RegExp(`${line}:\\s+(\\d+)`).exec(status)?.[1];
    return kilobytes === undefined ? Number.NaN : (Number(kilobytes) * 1024) / 1e6;
  } catch {
    return Number.NaN;
  }
}

/** utime + stime from /proc/<pid>/stat, in clock ticks of (almost always) 1/100 s. */
function cpuOf(child: ChildProcess): number {
  try {
    const fields = readFileSync(`/proc/${String(child.pid)}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * Starts a server and waits for its first answer. With `pinLater`, it starts free to use every
 * core (as `npm start` runs; loading a large site uses V8's helper threads) and all its threads
 * are pinned once it answers.
 */
export async function startServer(
  command: ServerCommand,
  pin: boolean,
  options: { timeoutMs?: number; pinLater?: boolean } = {},
): Promise<Server> {
  const { timeoutMs = 60_000, pinLater = false } = options;
  const port = await freePort();
  const origin = `http://127.0.0.1:${String(port)}`;
  const args = command.args.map((arg) => arg.replace('{port}', String(port)));
  const [file, argv] = pinned(pinLater ? everyCore() : '1', pin, args);
  const started = process.hrtime.bigint();
  const child = spawn(file, argv, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port), ...command.env },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  for (;;) {
    if (await answers(origin, command.probe)) break;
    if (child.exitCode !== null || Number(process.hrtime.bigint() - started) / 1e6 > timeoutMs) {
      child.kill();
      throw new Error(`server ${args.join(' ')} did not answer: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const startMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (pin && pinLater) execFileSync('taskset', ['-a', '-pc', '1', String(child.pid)], { stdio: 'ignore' });
  return {
    origin,
    startMs,
    peakMb: () => memoryOf(child, 'VmHWM'),
    rssMb: () => memoryOf(child, 'VmRSS'),
    cpuSeconds: () => cpuOf(child),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs a script of this folder on a core and returns the JSON it prints. */
export function runJson(args: string[], core: number, pin: boolean): Promise<unknown> {
  const [file, argv] = pinned(String(core), pin, args);
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output));
      else reject(new Error(`${args.join(' ')} failed (${String(code)}): ${output}`));
    });
  });
}

/** One load generator process (core 0) against a server. */
export async function runLoad(worker: string[], spec: LoadSpec, pin: boolean): Promise<LoadResult> {
  return (await runJson([...worker, JSON.stringify(spec)], 0, pin)) as LoadResult;
}
