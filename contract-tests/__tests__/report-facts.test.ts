/**
 * What the report files of a real run say of the run itself: JUnit's suite time is the time the run
 * took by the clock, not the sum of checks that ran side by side; the HTML page says when it ran,
 * how long it took, the suite's version and the command line without the token; and `--explore`
 * counts the random sequences it ran, not its one record per article.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageVersion } from 'site-articles-schemas/command-line';
import { tempFolders } from '../../test-support/temp-files';
import { closeMocks, serveMock, startContractCli } from '../../test-support/contract-cli';

afterAll(closeMocks);
const scratch = tempFolders('contract-report-facts')();

const times = (xml: string, element: string): number[] =>
  [...xml.matchAll(new RegExp(`<${element} [^>]*time="([0-9.]+)"`, 'g'))].map((match) => Number(match[1]));

test.concurrent(
  'gives JUnit the wall time of the run, not the sum of the checks that ran side by side, and heads the HTML with its facts',
  async () => {
    // Every answer 100 ms late: the checks, side by side on two articles, take far longer summed than by the clock.
    const target = await serveMock({ token: 'the-secret-token', faults: { delayMs: 100 } });
    const junit = join(scratch, 'facts.xml');
    const html = join(scratch, 'facts.html');
    const args = ['--base-url', target.baseUrl, '--article-id', '1,2', '--read-only', '--token', 'the-secret-token'];
    const { code } = await startContractCli([...args, '--junit', junit, '--html', html]).finished;
    expect(code).toBe(0);
    const xml = readFileSync(junit, 'utf8');
    const [suite = 0] = times(xml, 'testsuites');
    const cases = times(xml, 'testcase');
    const summed = cases.reduce((sum, time) => sum + time, 0);
    expect(suite).toBeLessThan(summed);
    expect(suite).toBeGreaterThanOrEqual(Math.max(...cases));
    const page = readFileSync(html, 'utf8');
    const facts = new RegExp(
      `<p class="facts">started 20[0-9]{2}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} UTC · took ([0-9]+\\.[0-9]) s · site-articles-contract ${packageVersion(join(__dirname, '..')).replace(/\./g, '\\.')}<br>`,
    ).exec(page);
    // Both are the run's one duration: JUnit's to the millisecond, the page's to a tenth of a second
    // (rounded from the milliseconds, so within half a tenth and a rounding of the thousandths).
    expect(Math.abs(Number(facts?.[1]) - suite)).toBeLessThanOrEqual(0.0505);
    expect(page).toContain(`--article-id 1,2 --read-only --token *** --junit ${junit} --html ${html}</code>`);
    expect(`${page}${xml}`).not.toContain('the-secret-token');
  },
  90_000,
);

test.concurrent(
  'counts in the report files the random sequences --explore ran, not one check per article',
  async () => {
    const target = await serveMock();
    const junit = join(scratch, 'explore.xml');
    const html = join(scratch, 'explore.html');
    const args = ['--base-url', target.baseUrl, '--article-id', '1,2', '--explore', '12', '--read-only'];
    const { code, stdout } = await startContractCli([...args, '--seed', '3', '--junit', junit, '--html', html])
      .finished;
    expect(code).toBe(0);
    expect(stdout).toContain('contract: 12 sequence(s) passed');
    expect(readFileSync(html, 'utf8')).toContain(
      '<p class="counts">12 random sequences on 2 article(s): 12 passed, 0 failed</p>',
    );
    expect(readFileSync(junit, 'utf8')).toContain('<property name="sequences" value="12"/>');
  },
  90_000,
);
