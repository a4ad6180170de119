/**
 * Takes the docs' two screenshots (docs/workbench.png, docs/api-docs.png) of the workbench and
 * the API docs, in Debian's Chromium, after a few requests so that the journal has something to
 * show. Run with `npx tsx scripts/workbench-screenshots.ts` after changing the page.
 */
import { resolve } from 'node:path';
import { launchBrowser, openPage, serveOnLoopback, stopServer } from '../test-support/browser';
import { createApp } from '../mock';

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

async function main(): Promise<void> {
  const mock = createApp();
  const { base, server } = await serveOnLoopback(mock.app);
  const browser = await launchBrowser();
  try {
    await someTraffic(base);
    const { page } = await openPage(browser, `${base}/__mock/`, { width: 1280, height: 860 });
    await page.waitForSelector('body[data-ready="true"]');
    await page.click('#journal li:nth-child(3) summary');
    await page.click('article[data-article-id="1"] .comments summary');
    await page.screenshot({ path: resolve(docsFolder, 'workbench.png') });
    const docs = await openPage(browser, `${base}/__mock/docs`, { width: 1280, height: 860 });
    await docs.page.waitForSelector('.opblock');
    await docs.page.screenshot({ path: resolve(docsFolder, 'api-docs.png') });
  } finally {
    await browser.close();
    await stopServer(server);
  }
}

void main();
