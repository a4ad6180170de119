/**
 * What a failing run writes, measured on the run a new user meets first (test-support/failing-run.ts:
 * the racy variant served by `npm run variant`, checked by `npm run contract` with --html and
 * --junit): the differences in a few lines per failure, reports small enough to open, the first
 * difference on the report's first screen in Chromium, and each failure saved as a case file that
 * `articles-contract replay` sends again.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { caseFormat, caseVersion, type CaseFile } from '../report/case-file';
import { linesPerFailure } from '../report/failure-text';
import { launchBrowser, openPage, serveOnLoopback, stopServer } from '../../test-support/browser';
import { closeMocks, serveMock, startContractCli } from '../../test-support/contract-cli';
import { failingRun, type FailingRun } from '../../test-support/failing-run';
import { tempFolders } from '../../test-support/temp-files';

let run: FailingRun;
let browser: Browser;

beforeAll(async () => {
  [run, browser] = await Promise.all([failingRun(scratch), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  run.stop();
  await Promise.all([browser.close(), closeMocks()]);
});
// Removed after the hook above has stopped the variant.
const scratch = tempFolders('failing-run-report')();

/** Each failure's block of the console summary: from its heading to the blank line after it. */
function failureBlocks(stdout: string): string[][] {
  const failures = stdout.split('\nFailures\n========\n')[1]?.split(/\n\n(?:Not applicable|By interface section)\n/)[0];
  return (failures ?? '')
    .trim()
    .split('\n\n')
    .map((block) => block.split('\n'));
}

const caseFiles = (): string[] => readdirSync(run.cases).map((name) => join(run.cases, name));

test('fails the racy variant and prints each failure in at most 15 lines, the paths that differ marked', () => {
  expect(run.code).toBe(1);
  const blocks = failureBlocks(run.stdout);
  expect(blocks.length).toBeGreaterThan(0);
  for (const block of blocks) expect(block.length).toBeLessThanOrEqual(linesPerFailure);
  // Curl commands are never cut (a cut one would send something else); everything else is.
  const longest = Math.max(...run.stdout.split('\n').map((line) => line.length));
  expect(longest).toBeLessThan(2_100);
  expect(run.stdout).toMatch(
    /\[data-as-predicted\] \/data\/contract_\S+: missing, expected "[^"]+"; actual \(absent\)/,
  );
  expect(run.stdout).toMatch(/\([0-9]+ other data keys as stated\)/);
});

test('writes an HTML report under 500 KB and JUnit failure messages of one short line', () => {
  expect(statSync(run.html).size).toBeLessThan(500_000);
  const xml = readFileSync(run.junit, 'utf8');
  expect(xml.length).toBeLessThan(500_000);
  const failures = [...xml.matchAll(/<failure message="([^"]*)">([^<]*)<\/failure>/g)];
  expect(failures.length).toBeGreaterThan(0);
  for (const [, message = '', detail = ''] of failures) {
    expect(message.length).toBeLessThanOrEqual(300);
    expect(detail.split('\n').length).toBeLessThanOrEqual(linesPerFailure);
  }
});

test.each([
  ['desktop', 1280, 800],
  ['phone', 390, 844],
])(
  'at %s width the first failure’s first difference is on the first screen',
  async (_name, width, height) => {
    const page = readFileSync(run.html, 'utf8');
    const { base, server } = await serveOnLoopback((_request, response) => {
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.end(page);
    });
    try {
      const { page: opened } = await openPage(browser, `${base}/fail.html`, { width, height });
      const first = opened.locator('section.failure').first().locator('ul.differs li').first();
      const box = await first.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.y ?? height) + (box?.height ?? 0)).toBeLessThanOrEqual(height);
      expect(await first.textContent()).toMatch(/\/data\/contract_|\[linearizable\]/);
      await opened.close();
    } finally {
      await stopServer(server);
    }
  },
  30_000,
);

test('saves each failure as a case file beside the report: the whole exchange, with times and bursts', () => {
  const files = caseFiles();
  const failed = failureBlocks(run.stdout).filter((block) => block.some((line) => line.includes('case file: ')));
  expect(files).toHaveLength(failed.length);
  const cases = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as CaseFile);
  for (const saved of cases) {
    expect(saved).toMatchObject({ format: caseFormat, version: caseVersion, run: { articleIds: [1, 2] } });
    expect(saved.exchanges.length).toBeGreaterThan(0);
    const [first] = saved.exchanges;
    expect(Number.isNaN(Date.parse(first?.sentAt ?? ''))).toBe(false);
    expect(first?.answer?.status).toEqual(expect.any(Number) as unknown);
  }
  const burst = cases.find((saved) => saved.check.id === 'concurrent-distinct-keys');
  expect(burst?.exchanges.filter((exchange) => exchange.atOnce === 1)).toHaveLength(9);
});

describe('articles-contract replay', () => {
  const burstCase = (): string => caseFiles().find((file) => file.includes('concurrent-distinct-keys')) ?? '';

  test('replays a saved failure of the racy variant as still failing against it, and as holding against the mock', async () => {
    const [still, correct] = await Promise.all([
      startContractCli(['replay', burstCase(), '--base-url', run.base]).finished,
      serveMock().then(
        async (mock) => await startContractCli(['replay', burstCase(), '--base-url', mock.baseUrl]).finished,
      ),
    ]);
    expect(still.stdout).toContain('the case still fails');
    expect(still.code).toBe(1);
    expect(correct.stdout).toContain('the case holds now');
    expect(correct.code).toBe(0);
  }, 60_000);

  /** The burst's case file with its run's settings changed, as an edited or hand-made file would be. */
  const alteredCase =
    (name: string, run: Partial<CaseFile['run']>): (() => string) =>
    () => {
      const saved = JSON.parse(readFileSync(burstCase(), 'utf8')) as CaseFile;
      const file = join(scratch, `${name}.json`);
      writeFileSync(file, JSON.stringify({ ...saved, run: { ...saved.run, ...run } }));
      return file;
    };

  test.each([
    [
      'a case whose run sends no request at once',
      alteredCase('none-at-once', { concurrency: 0 }),
      /^contract: .*none-at-once\.json is not a usable case file: its run's --concurrency takes 1 to 64 requests at once, not 0\n$/,
    ],
    [
      'a case whose run sends 500 requests at once',
      alteredCase('load-test', { concurrency: 500 }),
      /^contract: .*load-test\.json is not a usable case file: its run's --concurrency takes 1 to 64 requests at once, not 500\n$/,
    ],
    [
      'a case whose run runs no check at once',
      alteredCase('no-checks', { maxInFlight: 0 }),
      /^contract: .*no-checks\.json is not a usable case file: its run's --max-in-flight takes 1 to 64 checks at once, not 0\n$/,
    ],
    [
      'a case whose run names no article',
      alteredCase('no-articles', { articleIds: [] }),
      /^contract: .*no-articles\.json is not a usable case file: its article [0-9]+ is not among the run's "articleIds"\n$/,
    ],
    [
      'an absent file',
      (): string => join(scratch, 'none.json'),
      /^contract: cannot read the case file .*none\.json: no such file\n$/,
    ],
    [
      'a file that is not a case',
      (): string => {
        const file = join(scratch, 'other.json');
        writeFileSync(file, JSON.stringify({ format: caseFormat, version: 99 }));
        return file;
      },
      /^contract: .*other\.json is not a usable case file: version 99; this suite reads version 1\n$/,
    ],
    [
      'a file that is not JSON',
      (): string => run.html,
      /^contract: .*fail\.html is not a usable case file: it is not JSON\n$/,
    ],
  ])(
    'exits 2 with one line for %s',
    async (_name, file, line) => {
      const refused = await startContractCli(['replay', file(), '--base-url', run.base]).finished;
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(line);
    },
    30_000,
  );
});
