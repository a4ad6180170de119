/**
 * The parts of a run. Servers that are compared run side by side (both pinned to the server
 * core, one idle while the other is loaded) and are loaded in turn, case by case, so that the
 * background load of a shared machine falls on both alike.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { operations, siteCases, type Case } from './cases';
import type { LoadResult } from './load-spec';
import { alternate, inRounds, measure, type Compared, type Runner } from './measure';
import { runJson, startServer, type ServerCommand } from './processes';

export type { Compared, Runner } from './measure';

const probe = '/admin/api/articles/1';

function fetchText(url: string): Promise<{ body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => {
        resolve({ body, headers: response.headers });
      });
    }).on('error', reject);
  });
}

export const mockCommand = (runner: Runner, ...options: string[]): ServerCommand => ({
  args: [runner.cli, '--port', '{port}', ...options],
  probe,
});

/** Bare Express answering with the mock's own article and comment list (bench/bare-express.ts). */
export const bareExpress = (runner: Runner, article: string, comments = '[]'): ServerCommand => ({
  args: runner.script('bare-express'),
  env: { BENCH_ARTICLE: article, BENCH_COMMENTS: comments },
  probe,
});

/** Plain node:http doing the least each operation can (bench/plain-node.ts): the machine's limit. */
export const plainNode = (runner: Runner, article: string): ServerCommand => ({
  args: runner.script('plain-node'),
  env: { BENCH_ARTICLE: article },
  probe,
});

/** The five operations on the mock (as `npm start` runs it) and on bare Express; peak memory of each. */
export interface Operations {
  operations: Compared[];
  peakMb: number[];
  /** The article and the comment list as the mock answered them. */
  article: string;
  comments: string;
}

/** The sample site's first article as the mock answers it: what bare Express and plain node:http send. */
export async function mockArticle(runner: Runner): Promise<string> {
  const mock = await startServer(mockCommand(runner), runner.pin);
  try {
    return (await fetchText(`${mock.origin}${probe}`)).body;
  } finally {
    await mock.stop();
  }
}

export async function runOperations(runner: Runner): Promise<Operations> {
  const mock = await startServer(mockCommand(runner), runner.pin);
  const article = (await fetchText(`${mock.origin}${probe}`)).body;
  const comments = (await fetchText(`${mock.origin}/admin/api/articles/1/comments`)).body;
  const bare = await startServer(bareExpress(runner, article, comments), runner.pin);
  try {
    const compared = await inRounds(runner, [mock, bare], operations);
    return { operations: compared, peakMb: [mock.peakMb(), bare.peakMb()], article, comments };
  } finally {
    await mock.stop();
    await bare.stop();
  }
}

/** What checking every answer against the schemas costs: the mock with and without the check. */
/** The run of a side whose CPU per answer is the median of `rounds`; the difference sought is a few tens of per cent. */
function medianRun(results: LoadResult[]): LoadResult {
  const sorted = [...results].sort((left, right) => (left.cpuUs ?? 0) - (right.cpuUs ?? 0));
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no runs');
  return middle;
}

export async function runValidationCost(runner: Runner): Promise<Compared[]> {
  const checked = await startServer(mockCommand(runner), runner.pin);
  const unchecked = await startServer(mockCommand(runner, '--no-validate'), runner.pin);
  const uncached: Case = {
    name: 'read a random article, never cached',
    request: { method: 'GET', path: '/admin/api/articles/{id}?nocache={rand}', ids: [1, 5] },
  };
  const cases = [operations[0], uncached, operations[2]].filter((each) => each !== undefined);
  try {
    const rounds: Compared[][] = [];
    // Each round swaps which side goes first, so a drift of the machine does not favour one.
    for (let round = 0; round < runner.settings.checkRounds; round += 1) {
      const servers = round % 2 === 0 ? [checked, unchecked] : [unchecked, checked];
      const results = await alternate(runner, servers, cases, {
        warmupSeconds: 1,
        seconds: Math.min(2.5, runner.settings.seconds),
      });
      rounds.push(
        round % 2 === 0 ? results : results.map((each) => ({ ...each, results: [...each.results].reverse() })),
      );
    }
    return cases.map((each, index) => ({
      name: each.name,
      results: [0, 1].map((side) =>
        medianRun(rounds.map((round) => round[index]?.results[side]).filter((result) => result !== undefined)),
      ),
    }));
  } finally {
    await checked.stop();
    await unchecked.stop();
  }
}

export interface CheckCost {
  shape: string;
  us: number;
}

/** One schema check of each kind of answer, timed on the server's core with the build's validators. */
export async function runCheckCost(runner: Runner, validation: string, answers: Operations): Promise<CheckCost[]> {
  const article = JSON.parse(answers.article) as unknown;
  const comment = (JSON.parse(answers.comments) as unknown[])[0];
  const checks = [
    { shape: 'Article', body: article },
    { shape: 'DataKeyResponse', body: article },
    { shape: 'Comment', body: comment },
  ];
  return (await runJson(
    [...runner.script('check-cost'), validation, JSON.stringify(checks)],
    1,
    runner.pin,
  )) as CheckCost[];
}

/** Spawn to first answer, the mock, bare Express and plain node:http in turn, `coldStarts` times each. */
export async function runColdStarts(runner: Runner, article: string): Promise<number[][]> {
  const times: number[][] = [[], [], []];
  const commands = [mockCommand(runner), bareExpress(runner, article), plainNode(runner, article)];
  for (let run = 0; run < runner.settings.coldStarts; run += 1) {
    for (const [index, command] of commands.entries()) {
      const server = await startServer(command, runner.pin);
      times[index]?.push(server.startMs);
      await server.stop();
    }
  }
  return times;
}

export interface SuiteRun {
  seconds: number;
  passed: boolean;
}

function timedContract(root: string, args: string[]): SuiteRun {
  const started = Date.now();
  const result = spawnSync('npm', ['run', '--silent', 'contract', '--', ...args], { cwd: root, stdio: 'ignore' });
  return { seconds: (Date.now() - started) / 1000, passed: result.status === 0 };
}

/** Milliseconds the mock waits before every answer in the run against a slow target. */
export const slowTargetDelayMs = 50;

/**
 * `npm run contract` (fixed checks) and `npm run contract -- --explore 200` against a fresh
 * in-process mock; the fixed checks on two articles of the mock answering after `slowTargetDelayMs`.
 */
export async function runContractSuite(
  runner: Runner,
  root: string,
): Promise<Record<'fixed' | 'explore' | 'slowTarget', SuiteRun>> {
  const [fixed, explore] = [timedContract(root, []), timedContract(root, ['--explore', '200'])];
  const target = await startServer(mockCommand(runner, '--delay', String(slowTargetDelayMs)), runner.pin);
  const slowTarget = timedContract(root, ['--base-url', target.origin, '--article-id', '1,2']);
  await target.stop();
  return { fixed, explore, slowTarget };
}

export interface CheckerTime {
  name: string;
  requests: number;
  verdict: string;
  medianMs: number;
  maxMs: number;
  histories: number;
}

/** The linearizability check deciding bursts of 8, 32 and 64 overlapping requests on one article (bench/linearizability.ts). */
export async function runLinearizability(runner: Runner): Promise<CheckerTime[]> {
  return (await runJson(runner.script('linearizability'), 1, runner.pin)) as CheckerTime[];
}

export interface LargeSite {
  fileMb: number;
  generatedMs?: number;
  /** Spawn to first answer of each load. */
  loadsMs: number[];
  peakAfterLoadMb: number;
  peakMb: number;
  busiestComments: number;
  cases: Compared[];
}

/** Writes a site with the large site's generator, unless `file` is there already; the time it took. */
export function ensureFixture(
  runner: Runner,
  file: string,
  regenerate: boolean,
  size = { largeArticles: runner.settings.largeArticles, largeComments: runner.settings.largeComments },
): number | undefined {
  if (existsSync(file) && !regenerate) return undefined;
  const started = Date.now();
  const { largeArticles, largeComments } = size;
  execFileSync(
    process.execPath,
    [
      ...runner.script('../scripts/generate-large-site'),
      file,
      '--articles',
      String(largeArticles),
      '--comments',
      String(largeComments),
    ],
    { stdio: 'inherit' },
  );
  return Date.now() - started;
}

/** The large site against the sample site: load time, memory, and reads spread over each. */
export async function runLargeSite(runner: Runner, file: string, regenerate: boolean): Promise<LargeSite> {
  const generatedMs = ensureFixture(runner, file, regenerate);
  const loading = { timeoutMs: 120_000, pinLater: true };
  const loadsMs: number[] = [];
  for (let load = 1; load < runner.settings.largeLoads; load += 1) {
    const server = await startServer(mockCommand(runner, '--fixtures', file), runner.pin, loading);
    loadsMs.push(server.startMs);
    await server.stop();
  }
  const large = await startServer(mockCommand(runner, '--fixtures', file), runner.pin, loading);
  loadsMs.push(large.startMs);
  const peakAfterLoadMb = large.peakMb();
  const sample = await startServer(mockCommand(runner), runner.pin);
  try {
    const first = await fetchText(`${large.origin}/admin/api/articles/1/comments`);
    const lastPage = Number(first.headers['x-total-pages']);
    const forSample = siteCases(5, 1);
    const compared: Compared[] = [];
    for (const [index, forLarge] of siteCases(runner.settings.largeArticles, lastPage).entries()) {
      const sampleCase = forSample[index];
      if (!sampleCase) continue;
      compared.push({
        name: forLarge.name,
        results: [await measure(runner, large, forLarge.request), await measure(runner, sample, sampleCase.request)],
      });
    }
    return {
      fileMb: statSync(file).size / 1e6,
      ...(generatedMs === undefined ? {} : { generatedMs }),
      loadsMs,
      peakAfterLoadMb,
      peakMb: large.peakMb(),
      busiestComments: Number(first.headers['x-total-entries']),
      cases: compared,
    };
  } finally {
    await large.stop();
    await sample.stop();
  }
}
