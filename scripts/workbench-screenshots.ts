/**
 * Takes the docs' screenshots of the workbench (docs/workbench-*.png) at 1280 and 390 px wide,
 * fresh (a few requests) and busy (after a thousand), and of the API docs (docs/api-docs.png), in
 * Debian's Chromium. Run with `npx tsx scripts/workbench-screenshots.ts` after changing the page.
 */
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, serveOnLoopback, stopServer } from '../test-support/browser';
import { createApp } from 'site-articles-mock';

const docsFolder = resolve(__dirname, '..', 'docs');

async function someTraffic(base: string): Promise<void> {
  const json = { 'Content-Type': 'application/json' };
  await fetch(`${base}/admin/api/articles/1`);
  await fetch(`${base}/admin/api/articles/1/data/favourites`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ value: [3, 5, 8] }),
  });
  await fetch(`${base}/admin/api/articles/2/comments`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ comment: { author: 'Ada', author_email: 'ada@example.com', body: 'Nice post!' } }),
  });
  await fetch(`${base}/admin/api/articles/42`);
}

async function aThousandReads(base: string): Promise<void> {
  for (let sent = 0; sent < 1000; sent += 50)
    await Promise.all(Array.from({ length: 50 }, (_, index) => fetch(`${base}/admin/api/articles/${(index % 6) + 1}`)));
}

/** The page at both widths: the desktop's first screen, the phone's whole page. */
async function shoot(browser: Browser, base: string, state: 'fresh' | 'busy'): Promise<void> {
  for (const [width, height, fullPage] of [
    [1280, 800, false],
    [390, 844, true],
  ] as const) {
    const { page } = await openPage(browser, `${base}/__mock/`, { width, height });
    await page.waitForSelector('body[data-ready="true"]');
    if (state === 'fresh') {
      await page.click('#journal li:nth-child(3) summary');
      await page.click('article[data-article-id="1"] .comments summary');
    }
    await page.screenshot({ path: resolve(docsFolder, `workbench-${String(width)}-${state}.png`), fullPage });
    await page.close();
  }
}

async function main(): Promise<void> {
  const mock = createApp();
  const { base, server } = await serveOnLoopback(mock.app);
  const browser = await launchBrowser();
  try {
    await someTraffic(base);
    await shoot(browser, base, 'fresh');
    const docs = await openPage(browser, `${base}/__mock/docs`, { width: 1280, height: 860 });
    await docs.page.waitForSelector('.opblock');
    await docs.page.screenshot({ path: resolve(docsFolder, 'api-docs.png') });
    await aThousandReads(base);
    await shoot(browser, base, 'busy');
  } finally {
    await browser.close();
    await stopServer(server);
  }
}

void main();
