/**
 * The machine's-limit measurements: the mock against plain node:http doing the least (plain-node.ts), and
 * `npm test` whole. Reported by limit-report.ts.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { operations, type Case } from './cases';
import { inRounds, type Compared, type Runner } from './measure';
import { everyCore } from './machine';
import { runJson, startServer } from './processes';
import { mockCommand, plainNode, type SuiteRun } from './sections';

/** Reading an article and setting a key, the two operations held to the machine's limit. */
const atTheLimit = [operations[0], operations[2]].filter((each): each is Case => each !== undefined);

/** The mock as `npm start` runs it (log, journal and answer check on) against plain node:http, in rounds. */
export async function runMachineLimit(runner: Runner, article: string): Promise<Compared[]> {
  const mock = await startServer(mockCommand(runner), runner.pin);
  const plain = await startServer(plainNode(runner, article), runner.pin);
  try {
    return await inRounds(runner, [mock, plain], atTheLimit);
  } finally {
    await mock.stop();
    await plain.stop();
  }
}

/** CPU µs per answer of one kind of work, in-process (core-work.ts). */
export interface CoreWork {
  name: string;
  us: number;
}

/** The mock's own work per answer without sockets, beside plain node:http's key write (core-work.ts), on the server's core. */
export async function runCoreWork(runner: Runner, article: string): Promise<CoreWork[]> {
  const createApp = join(dirname(runner.cli), 'app', 'create-app.js');
  return (await runJson([...runner.script('core-work'), createApp, article], 1, runner.pin)) as CoreWork[];
}

/**
 * `npm test` as the README runs it, whole, on every core: a
 * child takes its parent's cores, and this process is pinned to core 0 (machine.ts), so it is
 * started through taskset when the run pins.
 */
export function runNpmTest(root: string, pin: boolean): SuiteRun {
  const started = Date.now();
  const [command, args] = pin ? ['taskset', ['-c', everyCore(), 'npm', 'test']] : ['npm', ['test']];
  const result = spawnSync(command, args, { cwd: root, stdio: 'ignore' });
  return { seconds: (Date.now() - started) / 1000, passed: result.status === 0 };
}
