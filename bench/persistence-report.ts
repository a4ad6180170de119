/** The `--persist` figures of a run (bench/persistence.ts) as target rows and a table. */
import type { PersistRun } from './persistence';
import type { Compared } from './measure';
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

export function persistTargets(persist: PersistRun): string[][] {
  const rows: string[][] = [
    [
      'with `--persist`, setting a key under 32 connections: req/s at least bare Express saving nothing',
      `${ratio(rpsRatio(persist.setKey))} (rounds ${ratioRange(persist.setKey)})`,
      yes(rpsRatio(persist.setKey) >= 1),
    ],
    [
      'the same: p99 no worse than bare Express',
      `${ratio(p99Ratio(persist.setKey))} (${ms(persist.setKey.results[0])} against ${ms(persist.setKey.results[1])} ms p50 / p99)`,
      yes(p99Ratio(persist.setKey) <= 1),
    ],
  ];
  if (persist.writeCost) {
    rows.push([
      'with `--persist`, one write costs the same on the large site as on a site of five articles of the same generator (CPU per answer within 1.25x)',
      ratio(cpuRatio(persist.writeCost)),
      yes(cpuRatio(persist.writeCost) <= 1.25),
    ]);
  }
  if (persist.startsMs && persist.startPeakMb !== undefined) {
    const start = median(persist.startsMs);
    rows.push(
      [
        'the persisted large site answers within 2 s of start',
        `${fixed(start / 1000, 1)} s (median of ${String(persist.startsMs.length)})`,
        yes(start <= 2000),
      ],
      [
        'the persisted large site needs under 1 GB',
        `${fixed(persist.startPeakMb)} MB after starting`,
        yes(persist.startPeakMb < 1000),
      ],
    );
  }
  return rows;
}

export function persistSection(persist: PersistRun): string {
  const compared = [persist.setKey, persist.writeCost, persist.spreadWriteCost].filter(
    (each): each is Compared => each !== undefined,
  );
  const rows = compared.map((each) => {
    const [first, second] = each.results;
    return [
      each.name,
      `${fixed(first?.rps ?? Number.NaN)}${failures(first)}`,
      `${fixed(second?.rps ?? Number.NaN)}${failures(second)}`,
      ms(first),
      ms(second),
      `${cpu(first)} / ${cpu(second)}`,
    ];
  });
  const starts = persist.startsMs
    ? `The persisted large site (a ${fixed(persist.databaseMb ?? Number.NaN)} MB database) answered its first request ${persist.startsMs.map((each) => fixed(each / 1000, 1)).join(', ')} s after each start (spawn to first answer).`
    : 'The large site was skipped.';
  return [
    '#### `--persist`: durable writes',
    'Each write is answered only once committed (WAL, `synchronous=FULL`). First row: the persisted mock on the sample site against bare Express keeping the article in memory, in rounds that take turns. Second row: the persisted large site (first) against a persisted site of five articles and 50 comments made by the same generator (second: records of the same sizes), each setting a key on a random one of its articles 1 to 5, so that the same rows change and only the size of the site differs. Third row: the large site setting a key on any of its articles, each read from the file on its first write (and let go of once 10,000 others were read), against the small site as in the second row.',
    table(
      [
        'request',
        'first req/s',
        'second req/s',
        'first p50 / p99 ms',
        'second p50 / p99 ms',
        'CPU µs per answer, first / second',
      ],
      rows,
    ),
    starts,
  ].join('\n\n');
}
