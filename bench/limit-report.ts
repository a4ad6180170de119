/**
 * The machine's-limit part of a run: the mock (as `npm start` runs it, log, journal and answer check on)
 * against the machine's limit, plain node:http doing the least (bench/plain-node.ts), measured in
 * the same run; cold start against plain node; and `npm test`'s whole duration. The ratios are
 * the mock's share of the limit: 1.0x is as fast as plain node, so higher is better.
 */
import { cpu, fixed, median, ms, ratio, table, yes } from './format';
import type { CoreWork } from './limit';
import type { Compared, SuiteRun } from './sections';

export interface LimitRun {
  /** Reading an article, then setting a key: the mock first, plain node second. */
  limit: Compared[];
  /** Cold starts: the mock, bare Express, plain node (runColdStarts). */
  coldStarts: number[][];
  npmTest?: SuiteRun;
  /** The same work in-process, without sockets (core-work.ts). */
  coreWork?: CoreWork[];
}

/** The mock's req/s over plain node's (the median of the rounds' ratios). */
const share = (compared: Compared | undefined): number => median(compared?.roundRatios ?? [Number.NaN]);

/** Plain node's CPU per answer over the mock's: the same share, by the server's own work. */
const cpuShare = (compared: Compared | undefined): number =>
  (compared?.results[1]?.cpuUs ?? Number.NaN) / (compared?.results[0]?.cpuUs ?? Number.NaN);

function shareRow(name: string, compared: Compared | undefined, wanted: number): string[] {
  const byRps = share(compared);
  const byCpu = cpuShare(compared);
  return [
    `${name}: at least ${fixed(wanted, 2)}x plain node:http`,
    `${ratio(byRps)} by req/s, ${ratio(byCpu)} by CPU per answer`,
    yes(byRps >= wanted && byCpu >= wanted),
  ];
}

export function limitTargets({ limit, coldStarts, npmTest }: LimitRun): string[][] {
  const [read, write] = limit;
  const mockStart = median(coldStarts[0] ?? []);
  const plainStart = median(coldStarts[2] ?? []);
  const rows = [
    shareRow('read an article', read, 0.85),
    shareRow('set a data key', write, 0.8),
    [
      'cold start within 1.5x plain node:http',
      `${ratio(mockStart / plainStart)} (${fixed(mockStart)} ms against ${fixed(plainStart)} ms)`,
      yes(mockStart / plainStart <= 1.5),
    ],
  ];
  if (npmTest)
    rows.push([
      '`npm test` under 3 minutes on 2 cores',
      `${fixed(npmTest.seconds)} s${npmTest.passed ? '' : ' (**failed**)'}`,
      yes(npmTest.passed && npmTest.seconds < 180),
    ]);
  return rows;
}

/** The in-process table: what the rounds' CPU per answer holds besides the kernel and the machine's noise. */
function coreWorkTable(coreWork: CoreWork[] | undefined): string[] {
  if (!coreWork) return [];
  return [
    '',
    'The same work in-process, without sockets or the kernel (`bench/core-work.ts`: the requests handed to the built core, request log, journal and answer check on; plain node:http’s key write as `bench/plain-node.ts` does it once the body is in), CPU µs per answer, the median of five rounds:',
    '',
    table(
      ['work', 'CPU µs'],
      coreWork.map((each) => [each.name, fixed(each.us, 2)]),
    ),
  ];
}

export function limitSection({ limit, coreWork }: LimitRun): string {
  const rows = limit.map((each) => {
    const [mock, plain] = each.results;
    return [
      each.name,
      fixed(mock?.rps ?? Number.NaN),
      fixed(plain?.rps ?? Number.NaN),
      ratio(share(each)),
      ms(mock),
      ms(plain),
      `${cpu(mock)} / ${cpu(plain)}`,
      ratio(cpuShare(each)),
    ];
  });
  return [
    '#### At the machine’s limit: the mock against plain node:http',
    '',
    'Plain node:http doing the least each operation can (`bench/plain-node.ts`: a read sends a body serialised once; a key write parses, sets, stamps and serialises), in rounds against the mock as `npm start` runs it (request log, journal and answer check on). A share is the mock over plain node: 1.00x is the limit.',
    '',
    table(
      [
        'operation',
        'mock req/s',
        'plain req/s',
        'share by req/s',
        'mock p50 / p99 ms',
        'plain p50 / p99 ms',
        'CPU µs per answer, mock / plain',
        'share by CPU',
      ],
      rows,
    ),
    ...coreWorkTable(coreWork),
  ].join('\n');
}
