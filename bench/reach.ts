/**
 * The contract suite's reach against slow targets (the mock with `--delay`): the fixed checks on two
 * articles at 40-60 ms (default and `--concurrency 64`) and at 200-800 ms, and `--explore 200` at
 * 50-200 ms, each run alone, one after another.
 */
import { spawnSync } from 'node:child_process';
import { mockCommand, type Runner, type SuiteRun } from './sections';
import { startServer } from './processes';

export interface ReachRun extends SuiteRun {
  name: string;
  delay: string;
  /** What is wanted, in seconds. */
  targetSeconds: number;
}

const cases: { name: string; delay: string; args: string[]; targetSeconds: number }[] = [
  { name: 'fixed checks, two articles', delay: '40-60', args: [], targetSeconds: 12 },
  {
    name: 'fixed checks, two articles, --concurrency 64',
    delay: '40-60',
    args: ['--concurrency', '64'],
    targetSeconds: 20,
  },
  { name: '--explore 200, two articles', delay: '50-200', args: ['--explore', '200'], targetSeconds: 90 },
  { name: 'fixed checks, two articles', delay: '200-800', args: [], targetSeconds: 90 },
];

/** Runs every case, or only those whose name contains `only` (`--reach-row explore`). */
export async function runReach(runner: Runner, root: string, only?: string): Promise<ReachRun[]> {
  const runs: ReachRun[] = [];
  const chosen = cases.filter((one) => only === undefined || one.name.includes(only));
  if (chosen.length === 0)
    throw new Error(`--reach-row ${only ?? ''} names no row; the rows: ${cases.map((one) => one.name).join('; ')}`);
  for (const { name, delay, args, targetSeconds } of chosen) {
    const target = await startServer(mockCommand(runner, '--delay', delay), runner.pin);
    const started = Date.now();
    const result = spawnSync(
      'npm',
      ['run', '--silent', 'contract', '--', '--base-url', target.origin, '--article-id', '1,2', ...args],
      { cwd: root, stdio: 'ignore' },
    );
    runs.push({ name, delay, targetSeconds, seconds: (Date.now() - started) / 1000, passed: result.status === 0 });
    await target.stop();
  }
  return runs;
}

export const reachTable = (runs: ReachRun[]): string[][] =>
  runs.map((run) => [
    `${run.name}, mock answering in ${run.delay} ms`,
    `${run.seconds.toFixed(1)} s${run.passed ? '' : ' (failed)'}`,
    `${String(run.targetSeconds)} s`,
    run.passed && run.seconds <= run.targetSeconds ? 'yes' : 'no',
  ]);
