/**
 * A run as Markdown: the conditions, the targets with the figure that decides each,
 * and the tables behind them. Every mock figure is a ratio to bare Express (or to the sample
 * site) measured in the same run: on a shared machine the absolute numbers are noise.
 */
import type { Settings } from './cases';
import type { LoadResult } from './load-spec';
import type { Machine } from './machine';
import type { CheckCost, CheckerTime, Compared, LargeSite, SuiteRun } from './sections';
import type { PersistRun } from './persistence';
import { persistSection, persistTargets } from './persistence-report';
import { limitSection, limitTargets } from './limit-report';
import type { CoreWork } from './limit';
import {
  cpu,
  cpuRatio,
  failures,
  fixed,
  median,
  ms,
  p99Ratio,
  ratio,
  ratioRange,
  rpsRatio,
  table,
  yes,
} from './format';

export interface Run {
  date: Date;
  mode: 'full' | 'quick';
  machine: Machine;
  settings: Settings;
  loadBefore: number;
  loadAfter: number;
  precompiled: boolean;
  operations: Compared[];
  peakMb: number[];
  validation: Compared[];
  checks: CheckCost[];
  coldStarts: number[][];
  /** In-process: the fixed checks and --explore 200; the fixed checks on two articles of a target 50 ms away. */
  contract: { fixed: SuiteRun; explore: SuiteRun; slowTarget: SuiteRun };
  linearizability: CheckerTime[];
  large?: LargeSite;
  persist?: PersistRun;
  /** Reading an article and setting a key against plain node:http (limit-report.ts). */
  limit: Compared[];
  /** The same work in-process, without sockets (core-work.ts). */
  coreWork?: CoreWork[];
  npmTest?: SuiteRun;
}

/**
 * Share of the throughput the check takes: with the server busy, req/s goes as 1 / CPU per
 * answer, so 1 - unchecked/checked CPU. Steadier on a shared machine than comparing req/s.
 */
const cost = (compared: Compared | undefined): number => (compared ? 1 - 1 / cpuRatio(compared) : Number.NaN);

/** Each checked kind of answer: the check's own CPU time against the CPU time of the whole answer. */
function checkShares(run: Run): [string, CheckCost | undefined, LoadResult | undefined][] {
  const check = (shape: string): CheckCost | undefined => run.checks.find((each) => each.shape === shape);
  return [
    [
      'read an article that is not cached (sample site, never-cached row below)',
      check('Article'),
      run.large?.cases[0]?.results[1],
    ],
    ['set a data key (4.3)', check('DataKeyResponse'), run.operations[2]?.results[0]],
    ['post a comment (4.6)', check('Comment'), run.operations[3]?.results[0]],
  ];
}
const share = (check: CheckCost | undefined, answer: LoadResult | undefined): number =>
  (check?.us ?? Number.NaN) / (answer?.cpuUs ?? Number.NaN);

function targets(run: Run): string {
  const read = run.operations[0];
  const worstP99 = Math.max(...run.operations.map(p99Ratio));
  const worstWrite = Math.min(...run.operations.slice(2).map(rpsRatio));
  const [mockStart, bareStart] = run.coldStarts.map(median) as [number, number];
  const [readCost, uncachedCost, setCost] = run.validation.map(cost) as [number, number, number];
  const slowestChecker = slowestMedian(run.linearizability.filter((each) => each.requests === 8));
  const largest = run.linearizability.filter((each) => each.requests === 64);
  const rows: string[][] = [
    [
      'read an article: req/s at least 1.5x bare Express',
      read ? ratio(rpsRatio(read)) : 'n/a',
      yes(read !== undefined && rpsRatio(read) >= 1.5),
    ],
    ['each write (4.2, 4.3, 4.6): req/s at least 2x bare Express', `worst ${ratio(worstWrite)}`, yes(worstWrite >= 2)],
    [
      'every operation: p99 no worse than bare Express (32 connections)',
      `worst ${ratio(worstP99)}`,
      yes(worstP99 <= 1),
    ],
    [
      'cold start within 1.5x bare Express',
      `${ratio(mockStart / bareStart)} (${fixed(mockStart)} ms against ${fixed(bareStart)} ms)`,
      yes(mockStart / bareStart <= 1.5),
    ],
    [
      'read an article: the schema check costs at most 20 % where on',
      `${fixed(readCost * 100)} % (answered from the cache, checked once)`,
      yes(readCost <= 0.2),
    ],
    [
      'the same for an article not yet cached (and for setting a key, not a target)',
      `${fixed(uncachedCost * 100)} % (setting a key: ${fixed(setCost * 100)} %)`,
      yes(uncachedCost <= 0.2),
    ],
    [
      'the whole contract suite against the in-process mock under 10 s (`npm run contract`)',
      suiteRun(run.contract.fixed),
      yes(run.contract.fixed.seconds < 10 && run.contract.fixed.passed),
    ],
    [
      'the fixed checks on two articles of a target answering after 50 ms under 12 s',
      suiteRun(run.contract.slowTarget),
      yes(run.contract.slowTarget.seconds < 12 && run.contract.slowTarget.passed),
    ],
    [
      '`npm run contract -- --explore 200` (with batches sent at once) under a minute',
      suiteRun(run.contract.explore),
      yes(run.contract.explore.seconds < 60 && run.contract.explore.passed),
    ],
    [
      'the linearizability check decides a burst of 8 overlapping requests in milliseconds',
      `slowest median ${fixed(slowestChecker, 2)} ms (details below)`,
      yes(slowestChecker < 10),
    ],
    [
      'the linearizability check decides every burst of 64, each within a second',
      `slowest median ${fixed(slowestMedian(largest), 1)} ms, verdicts: ${[...new Set(largest.map((each) => each.verdict))].join(', ')}`,
      yes(
        largest.length > 0 &&
          largest.every((each) => !each.verdict.includes('undecided')) &&
          slowestMedian(largest) < 1000,
      ),
    ],
  ];
  const large = run.large;
  if (large) {
    const [reads, pages, deepest, plain] = large.cases.map(p99Ratio);
    rows.push(
      [
        'large site from its JSON (`--fixtures`) answers within 5 s',
        `${fixed(median(large.loadsMs) / 1000, 1)} s (median of ${String(large.loadsMs.length)})`,
        yes(median(large.loadsMs) < 5_000),
      ],
      [
        'large site from its JSON starts in under 1 GB',
        `${fixed(large.peakAfterLoadMb)} MB after loading (${fixed(large.peakMb)} MB at the end of its reads)`,
        yes(large.peakAfterLoadMb < 1000),
      ],
      [
        'large site: p99 of reads within 2x the sample site (neither cached)',
        `${ratio(reads ?? Number.NaN)} (as cached: ${ratio(plain ?? Number.NaN)})`,
        yes((reads ?? Infinity) <= 2),
      ],
      [
        'large site: p99 of comment pages within 2x the sample site',
        `${ratio(pages ?? Number.NaN)} (deepest page ${ratio(deepest ?? Number.NaN)})`,
        yes(Math.max(pages ?? Infinity, deepest ?? Infinity) <= 2),
      ],
    );
  }
  if (run.persist) rows.push(...persistTargets(run.persist));
  rows.push(...limitTargets(run));
  return table(['target', 'this run', 'met'], rows);
}

const slowestMedian = (times: CheckerTime[]): number => Math.max(...times.map((each) => each.medianMs));

const suiteRun = (suite: SuiteRun): string =>
  `${fixed(suite.seconds, 1)} s, including tsx's start${suite.passed ? '' : ', **failed**'}`;

function checkerTable(times: CheckerTime[]): string {
  return table(
    ['burst on one article', 'verdict', 'median ms', 'slowest ms', 'histories'],
    times.map((each) => [
      each.name,
      each.verdict,
      fixed(each.medianMs, 3),
      fixed(each.maxMs, 1),
      String(each.histories),
    ]),
  );
}

function details(run: Run): string {
  const operations = table(
    [
      'operation',
      'mock req/s',
      'bare req/s',
      'ratio (rounds)',
      'mock p50 / p99 ms',
      'bare p50 / p99 ms',
      'p99 ratio',
      'CPU µs per answer, mock / bare',
      'CPU ratio',
    ],
    run.operations.map((each) => {
      const [mock, bare] = each.results;
      return [
        each.name,
        `${fixed(mock?.rps ?? Number.NaN)}${failures(mock)}`,
        `${fixed(bare?.rps ?? Number.NaN)}${failures(bare)}`,
        `${ratio(rpsRatio(each))} (${ratioRange(each)})`,
        ms(mock),
        ms(bare),
        ratio(p99Ratio(each)),
        `${cpu(mock)} / ${cpu(bare)}`,
        ratio(cpuRatio(each)),
      ];
    }),
  );
  const [mockStarts, bareStarts] = run.coldStarts as [number[], number[]];
  const [mockPeak, barePeak] = run.peakMb as [number, number];
  const process = table(
    ['', 'mock', 'bare Express', 'ratio'],
    [
      [
        `cold start, median of ${String(mockStarts.length)} (ms)`,
        fixed(median(mockStarts)),
        fixed(median(bareStarts)),
        ratio(median(mockStarts) / median(bareStarts)),
      ],
      ['peak memory over the five operations (RSS, MB)', fixed(mockPeak), fixed(barePeak), ratio(mockPeak / barePeak)],
    ],
  );
  const checks = table(
    ['answer', 'one check, µs', 'CPU µs per answer, check included', 'share'],
    checkShares(run).map(([name, check, answer]) => [
      name,
      fixed(check?.us ?? Number.NaN, 1),
      fixed(answer?.cpuUs ?? Number.NaN, 1),
      `${fixed(share(check, answer) * 100, 1)} %`,
    ]),
  );
  const validation = table(
    [
      'operation',
      'checked req/s',
      'unchecked req/s',
      'CPU µs per answer, checked / unchecked',
      'cost',
      'checked p99 ms',
      'unchecked p99 ms',
    ],
    run.validation.map((each) => {
      const [checked, unchecked] = each.results;
      return [
        each.name,
        fixed(checked?.rps ?? Number.NaN),
        fixed(unchecked?.rps ?? Number.NaN),
        `${cpu(checked)} / ${cpu(unchecked)}`,
        `${fixed(cost(each) * 100)} %`,
        fixed(checked?.p99 ?? Number.NaN, 2),
        fixed(unchecked?.p99 ?? Number.NaN, 2),
      ];
    }),
  );
  return [
    '#### The five operations: the mock as `npm start` runs it, against bare Express',
    operations,
    '#### Start-up and memory',
    process,
    '#### The schema check of answers (on by default, off with `--no-validate` or NODE_ENV=production)',
    `The mock with the check against the mock without it, side by side, ${String(run.settings.checkRounds)} round(s) of 2.5 s, the median by CPU per answer; ` +
      'the cost is the share of throughput the check takes when the server is busy (1 - unchecked / checked CPU per answer). A cached read was checked once, when its answer was made:',
    validation,
    'One check timed alone, with warm caches, against the CPU time of a whole answer; inside a busy server the same check costs several times more (above):',
    checks,
    '#### The linearizability check (conformance/linearizability), on bursts of 8, 32 and 64 requests that all overlap',
    'Each history is made by running the model in a random order, so it is linearizable, or with one acknowledged key write missing from the read after, so every order must be ruled out; warmed up once, then timed (`bench/linearizability.ts`). The slowest includes garbage-collection pauses:',
    checkerTable(run.linearizability),
  ].join('\n\n');
}

function largeSite(large: LargeSite, settings: Settings): string {
  const generated =
    large.generatedMs === undefined
      ? 'reused from an earlier run'
      : `generated in ${fixed(large.generatedMs / 1000, 1)} s`;
  const facts =
    `${String(settings.largeArticles)} articles, ${String(settings.largeComments)} comments, ${fixed(large.fileMb)} MB of JSON (${generated}); ` +
    `the busiest article has ${String(large.busiestComments)} comments. Loaded with \`npm start -- --fixtures <file>\` in ${large.loadsMs.map((each) => fixed(each / 1000, 1)).join(', ')} s ` +
    `(spawn to first answer, the server free to use both cores while loading, as \`npm start\` runs; pinned to core 1 for the requests), peak memory ${fixed(large.peakAfterLoadMb)} MB after loading and ${fixed(large.peakMb)} MB at the end.`;
  const rows = large.cases.map((each) => {
    const [big, sample] = each.results;
    return [
      each.name,
      `${fixed(big?.rps ?? Number.NaN)}${failures(big)}`,
      `${fixed(sample?.rps ?? Number.NaN)}${failures(sample)}`,
      ms(big),
      ms(sample),
      ratio(p99Ratio(each)),
      `${cpu(big)} / ${cpu(sample)}`,
    ];
  });
  return [
    '#### The large site against the sample site',
    facts,
    table(
      [
        'request',
        'large req/s',
        'sample req/s',
        'large p50 / p99 ms',
        'sample p50 / p99 ms',
        'p99 ratio',
        'CPU µs per answer, large / sample',
      ],
      rows,
    ),
  ].join('\n\n');
}

export function renderRun(run: Run): string {
  const { machine, settings } = run;
  const pinning = machine.pinned
    ? 'servers pinned to core 1 and the load generator to core 0 with `taskset`'
    : 'no pinning (`taskset` or a second core missing)';
  const conditions =
    `Run ${run.date.toISOString().slice(0, 16).replace('T', ' ')} UTC, \`npm run bench${run.mode === 'quick' ? ' -- --quick' : ''}\`: ${machine.cpu}, ` +
    `${String(machine.cores)} cores, ${String(machine.memoryGb)} GB, Node ${machine.node}; ${pinning}; autocannon, ${String(settings.connections)} connections, ` +
    `${String(settings.warmupSeconds)} s warm-up then ${String(settings.seconds)} s per figure (the five operations: ${String(settings.rounds)} rounds of ${String(settings.roundSeconds)} s on each server, ` +
    `taking turns to go first, each figure the median of its rounds and each ratio the median of the rounds' ratios); load average ${String(run.loadBefore)} at the start and ` +
    `${String(run.loadAfter)} at the end${run.precompiled ? '' : '; **precompiled validators missing from schemas/dist/** (start-up compiles them)'}. ` +
    "CPU µs per answer is the server's CPU time over the run divided by the answers: steadier than req/s when other work shares the machine.";
  return [
    conditions,
    targets(run),
    details(run),
    limitSection(run),
    ...(run.large ? [largeSite(run.large, settings)] : []),
    ...(run.persist ? [persistSection(run.persist)] : []),
  ].join('\n\n');
}
