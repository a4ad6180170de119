/**
 * The README quotes the latest `npm run bench` run and no other: every figure its Performance
 * section gives is the one BENCHMARKS.md holds between the runner's markers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
/** Both files as one line of text each: Prettier wraps prose anywhere. */
const flat = (name: string): string => readFileSync(join(root, name), 'utf8').replace(/\s+/g, ' ');

const benchmarks = flat('BENCHMARKS.md');
const run = benchmarks.slice(
  benchmarks.indexOf('<!-- bench:latest-run:start -->'),
  benchmarks.indexOf('<!-- bench:latest-run:end -->'),
);
const readme = flat('README.md');
const performance = readme.slice(readme.indexOf('## Performance'), readme.indexOf('### Benchmarks'));

/** The cells of the first table row that starts with `name`, after the heading `section` when given. */
function row(name: string, section = ''): string[] {
  const start = run.indexOf(`| ${name} |`, run.indexOf(section));
  if (start < 0) throw new Error(`BENCHMARKS.md has no row "${name}"`);
  const end = run.indexOf('| |', start);
  return run
    .slice(start, end < 0 ? undefined : end)
    .split('|')
    .map((cell) => cell.trim())
    .filter((cell, index) => index > 0 && cell !== '')
    .slice(0, 9);
}

/** `2.94x (2.33-3.04)` and `2.94x` alike give `2.94x`. */
const leading = (cell: string | undefined): string => /^-?[0-9.]+x?/.exec(cell ?? '')?.[0] ?? 'missing';

const operations = [
  ['read an article (4.1)', 'reads of an article per second'],
  ['list comments (4.5)', 'comment pages'],
  ['set a data key (4.3)', 'data-key writes'],
  ['post a comment (4.6)', 'comment posts'],
  ['update an article (4.2)', 'full updates'],
] as const;

describe("the README's performance figures", () => {
  test('name the latest run by its date', () => {
    const date = /Run (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC/.exec(run)?.[1];
    expect(date).toBeDefined();
    expect(performance).toContain(`(\`BENCHMARKS.md\`, ${date ?? ''} UTC`);
  });

  test.each(operations)('give the ratio of %s that the latest run measured', (name, words) => {
    expect(performance).toContain(`${leading(row(name)[3])} as many ${words}`);
  });

  test('give the CPU per answer and the worst p99 of the latest run', () => {
    const cpu = operations.map(([name]) => leading(row(name)[8]));
    expect(performance).toContain(
      `CPU per answer ${cpu.slice(0, -1).join(', ')} and ${cpu.at(-1) ?? ''} of bare Express's`,
    );
    const worstP99 = Math.max(...operations.map(([name]) => Number(leading(row(name)[6]).replace('x', ''))));
    expect(performance).toContain(`p99 was at most ${worstP99.toFixed(2)}x bare Express's`);
  });

  test("give the latest run's cold start, schema-check costs and large site", () => {
    const coldStart = /cold start within 1\.5x bare Express \| ([0-9.]+x)/.exec(run)?.[1];
    expect(performance).toContain(`within ${coldStart ?? 'missing'} of bare Express`);
    const checkTable = '#### The schema check of answers';
    const uncached = leading(row('read a random article, never cached', checkTable)[4]);
    const keyWrites = leading(row('set a data key (4.3)', checkTable)[4]);
    expect(performance).toContain(`the check took ${uncached} % of the throughput of reads`);
    expect(performance).toContain(`and ${keyWrites} % of data-key writes`);
    const load = /large site loads in under 10 s \| ([0-9.]+ s)/.exec(run)?.[1];
    const peak = /large site needs under 1\.5 GB \| (\d+) MB peak/.exec(run)?.[1];
    expect(performance).toContain(`loaded in ${load ?? 'missing'} (median of three)`);
    expect(performance).toContain(`peaked at ${Number(peak).toLocaleString('en-GB')} MB`);
  });
});
