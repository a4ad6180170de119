/**
 * The HTML report of a real failing run, opened in Chromium as its reader would: at desktop and
 * phone widths it fits the screen, fetches nothing, and draws one bar per request of the burst.
 */
import type { Browser } from 'playwright-core';
import { allChecks } from '../checks';
import { startInProcessMock } from '../in-process';
import { renderHtml } from '../report/html';
import { runFacts } from '../report/run-facts';
import { recordOfResult } from '../report/record';
import { runChecks } from '../runner';
import { brokenVariants } from '../../proof/variants';
import { launchBrowser, openPage, serveOnLoopback, stopServer } from '../../test-support/browser';

let browser: Browser;
let page = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const target = await startInProcessMock({
    rules: brokenVariants['racy-set-key-loses-keys']?.rules ?? {},
    validateResponses: false,
  });
  try {
    const ids = ['concurrent-distinct-keys', 'set-key-adds'];
    // One check at a time: set-key-adds alone passes the racy target, so the burst is the one failure.
    const report = await runChecks(
      { baseUrl: target.baseUrl, articleIds: [1], concurrency: 8, maxInFlight: 1 },
      allChecks.filter((check) => ids.includes(check.id)),
    );
    page = renderHtml({
      target: target.baseUrl,
      articleIds: [1],
      mode: 'checks',
      seed: 1,
      restore: ['article 1: data restored'],
      records: report.results.map(recordOfResult),
      facts: runFacts(`articles-contract --base-url ${target.baseUrl} --article-id 1`),
    });
  } finally {
    await target.close();
  }
}, 60_000);

afterAll(async () => {
  await browser.close();
});

test.each([
  ['desktop', 1280, 800],
  ['phone', 390, 844],
])(
  'at %s width the report fits the screen, fetches nothing and draws every request of the burst',
  async (_name, width, height) => {
    const { base, server } = await serveOnLoopback((_request, response) => {
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.end(page);
    });
    try {
      const {
        page: opened,
        foreignRequests,
        pageErrors,
      } = await openPage(browser, `${base}/report.html`, {
        width,
        height,
      });
      expect(await opened.locator('h1').textContent()).toBe('Contract run failed');
      expect(await opened.locator('section.failure').count()).toBe(1);
      // Eight key writes and the read after.
      expect(await opened.locator('svg.timeline g.request').count()).toBe(9);
      expect(await opened.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      expect(foreignRequests).toEqual([]);
      expect(pageErrors).toEqual([]);
      await opened.close();
    } finally {
      await stopServer(server);
    }
  },
  30_000,
);
