/** Figures as the report writes them, and the ratios between two servers' results (bench/report.ts). */
import type { LoadResult } from './load-spec';
import type { Compared } from './measure';

export const fixed = (value: number, digits = 0): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
export const ratio = (value: number): string => `${fixed(value, 2)}x`;
export const yes = (met: boolean): string => (met ? 'yes' : '**no**');
export const ms = (result: LoadResult | undefined): string =>
  result ? `${fixed(result.p50, 2)} / ${fixed(result.p99, 2)}` : 'n/a';
export const failures = (result: LoadResult | undefined): string =>
  result && result.errors + result.non2xx > 0
    ? ` (${String(result.errors)} errors, ${String(result.non2xx)} non-2xx)`
    : '';

export function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/** The median of the rounds' ratios when measured in rounds, else the ratio of the two runs. */
export const rpsRatio = ({ results: [a, b], roundRatios }: Compared): number =>
  roundRatios ? median(roundRatios) : (a?.rps ?? Number.NaN) / (b?.rps ?? Number.NaN);
export const ratioRange = ({ roundRatios }: Compared): string =>
  roundRatios ? `${fixed(Math.min(...roundRatios), 2)}-${fixed(Math.max(...roundRatios), 2)}` : 'n/a';
export const p99Ratio = ({ results: [a, b] }: Compared): number => (a?.p99 ?? Number.NaN) / (b?.p99 ?? Number.NaN);
export const cpuRatio = ({ results: [a, b] }: Compared): number => (a?.cpuUs ?? Number.NaN) / (b?.cpuUs ?? Number.NaN);
export const cpu = (result: LoadResult | undefined): string => fixed(result?.cpuUs ?? Number.NaN, 1);
