/**
 * How two servers are compared: a load run with the server's CPU time per answer, run after run
 * (`alternate`) or in short rounds that take turns (`inRounds`).
 */
import type { Case, Settings } from './cases';
import type { LoadResult, RequestSpec } from './load-spec';
import { runLoad, type Server } from './processes';
import { median } from './format';

export interface Runner {
  settings: Settings;
  pin: boolean;
  /** Node arguments that run a script of this folder: `script('load-worker')`. */
  script: (name: string) => string[];
  /** `node mock/dist/cli.js` as `npm start` runs it. */
  cli: string;
}

export interface Compared {
  name: string;
  results: LoadResult[];
  /** When measured in rounds: the first server's req/s over the second's, round by round. */
  roundRatios?: number[];
}

export interface Durations {
  warmupSeconds: number;
  seconds: number;
}

export async function measure(
  runner: Runner,
  server: Server,
  request: RequestSpec,
  durations: Durations = runner.settings,
): Promise<LoadResult> {
  const { connections } = runner.settings;
  const { warmupSeconds, seconds } = durations;
  const spec = (duration: number): Parameters<typeof runLoad>[1] => ({
    origin: server.origin,
    connections,
    seconds: duration,
    request,
  });
  await runLoad(runner.script('load-worker'), spec(warmupSeconds), runner.pin);
  const cpuBefore = server.cpuSeconds();
  const result = await runLoad(runner.script('load-worker'), spec(seconds), runner.pin);
  return { ...result, cpuUs: ((server.cpuSeconds() - cpuBefore) * 1e6) / result.total };
}

export async function alternate(
  runner: Runner,
  servers: Server[],
  cases: Case[],
  durations?: Durations,
): Promise<Compared[]> {
  const compared: Compared[] = [];
  for (const each of cases) {
    const results: LoadResult[] = [];
    for (const server of servers) results.push(await measure(runner, server, each.request, durations));
    compared.push({ name: each.name, results });
  }
  return compared;
}

/** One server's rounds as one result: the median of each figure, the counts summed. */
function medianOfRounds(results: LoadResult[]): LoadResult {
  const figure = (pick: (result: LoadResult) => number | undefined): number =>
    median(results.map(pick).filter((value) => value !== undefined));
  const sum = (pick: (result: LoadResult) => number): number => results.reduce((total, each) => total + pick(each), 0);
  return {
    rps: figure((each) => each.rps),
    p50: figure((each) => each.p50),
    p99: figure((each) => each.p99),
    cpuUs: figure((each) => each.cpuUs),
    total: sum((each) => each.total),
    errors: sum((each) => each.errors),
    non2xx: sum((each) => each.non2xx),
  };
}

/**
 * Two servers measured case by case in short rounds, taking turns to go first, each figure the
 * median of its rounds and the ratio the median of the rounds' ratios: a slow spell of a shared
 * machine then spoils a round or two, not the whole comparison.
 */
export async function inRounds(runner: Runner, servers: [Server, Server], cases: Case[]): Promise<Compared[]> {
  const { rounds, roundSeconds, warmupSeconds } = runner.settings;
  const compared: Compared[] = [];
  for (const each of cases) {
    for (const server of servers) await measure(runner, server, each.request, { warmupSeconds, seconds: roundSeconds });
    const sides: [LoadResult[], LoadResult[]] = [[], []];
    const roundRatios: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      const results: LoadResult[] = [];
      for (const side of order) {
        const result = await measure(runner, servers[side] as Server, each.request, {
          warmupSeconds: 0.3,
          seconds: roundSeconds,
        });
        results[side] = result;
        sides[side as 0 | 1].push(result);
      }
      roundRatios.push((results[0]?.rps ?? Number.NaN) / (results[1]?.rps ?? Number.NaN));
    }
    compared.push({ name: each.name, results: sides.map(medianOfRounds), roundRatios });
  }
  return compared;
}
