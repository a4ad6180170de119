/**
 * Takes the docs' screenshots of a failing run's HTML report (docs/failing-report-*.png): the
 * proof's racy variant checked as test-support/failing-run.ts checks it, and the report's first
 * screen in Debian's Chromium at 1280 and 390 px wide. Run with
 * `npx tsx scripts/failure-report-screenshots.ts` after changing how the report shows a failure.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchBrowser, openPage, serveOnLoopback, stopServer } from '../test-support/browser';
import { failingRun } from '../test-support/failing-run';

const docsFolder = resolve(__dirname, '..', 'docs');
export const screens = [
  [1280, 800],
  [390, 844],
] as const;

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'failure-report-'));
  const run = await failingRun(folder);
  run.stop();
  const page = readFileSync(run.html, 'utf8');
  const { base, server } = await serveOnLoopback((_request, response) => {
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.end(page);
  });
  const browser = await launchBrowser();
  try {
    for (const [width, height] of screens) {
      const { page: opened } = await openPage(browser, `${base}/fail.html`, { width, height });
      await opened.screenshot({ path: join(docsFolder, `failing-report-${String(width)}.png`) });
      await opened.close();
    }
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(folder, { recursive: true, force: true });
  }
}

void main();
