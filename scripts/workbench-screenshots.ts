/**
 * Takes the docs' screenshots in Debian's Chromium, of a mock started with a token as `--token`
 * starts it: the workbench (docs/workbench-*.png) at 1280 and 360 px wide, fresh (a few requests,
 * one opened in the journal) and busy (after a thousand), and the API docs (docs/api-docs*.png):
 * the operations, and at both widths the Authorize dialog with the token and a write tried out
 * with it. Run with `npx tsx scripts/workbench-screenshots.ts` after changing either page.
 */
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, serveOnLoopback, stopServer } from '../test-support/browser';
import { createApp } from 'site-articles-mock';

const docsFolder = resolve(__dirname, '..', 'docs');
const token = 'dev-token';
const widths = [
  [1280, 800],
  [360, 740],
] as const;

/** A read, a comment page, a write, a refused write of a reserved key, a post and an unknown article. */
async function someTraffic(base: string): Promise<void> {
  const json = { 'Content-Type': 'application/json', 'X-API-TOKEN': token };
  await fetch(`${base}/admin/api/articles/1`);
  await fetch(`${base}/admin/api/site/articles/1/comments.json?page=1&per_page=10`);
  await fetch(`${base}/admin/api/articles/1/data/favourites`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ value: [3, 5, 8] }),
  });
  await fetch(`${base}/admin/api/articles/1/data/svc_import_source`, { method: 'DELETE', headers: json });
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

const shot = (page: Page, name: string): Promise<Buffer> => page.screenshot({ path: resolve(docsFolder, name) });

/** The workbench's first screen at both widths, opened at `/` as a person would; fresh, the comment page's entry is opened. */
async function shootWorkbench(browser: Browser, base: string, state: 'fresh' | 'busy'): Promise<void> {
  for (const [width, height] of widths) {
    const { page } = await openPage(browser, `${base}/`, { width, height });
    await page.waitForSelector('body[data-ready="true"]');
    if (state === 'fresh') {
      await page.click('#journal li[data-path*="comments.json"] summary');
      // Beside the journal only on a wide screen; on a narrow one the site is below the first screen.
      if (width > 900) await page.click('article[data-article-id="1"] .comments summary');
    }
    await shot(page, `workbench-${String(width)}-${state}.png`);
    await page.close();
  }
}

/** At both widths: the Authorize dialog with the token typed in, then setDataKey tried out with it. */
async function shootAuthorize(browser: Browser, base: string): Promise<void> {
  for (const [width, height] of widths) {
    const { page } = await openPage(browser, `${base}/__mock/docs`, { width, height });
    await page.waitForSelector('.opblock');
    await page.click('.auth-wrapper .authorize');
    const header = page.locator('.auth-container', { has: page.locator('code:text-is("X-API-TOKEN")') });
    await header.locator('input').fill(token);
    await shot(page, `api-docs-authorize-${String(width)}.png`);
    await header.locator('button.authorize').click();
    await header.locator('button.btn-done').click();
    const write = page.locator('.opblock', {
      has: page.locator('.opblock-summary-operation-id:text-is("setDataKey")'),
    });
    await write.locator('.opblock-summary').click();
    await write.locator('button.execute').click();
    const answer = write.locator('.live-responses-table tr.response').first();
    await answer.waitFor();
    // The curl line with the token at the top of the window, the answer's code below it.
    const curl = await write.locator('.curl-command').boundingBox();
    await page.evaluate(`window.scrollBy(0, ${String((curl?.y ?? 0) - 40)})`);
    await shot(page, `api-docs-write-${String(width)}.png`);
    await page.close();
  }
}

async function main(): Promise<void> {
  const mock = createApp({ token });
  const { base, server } = await serveOnLoopback(mock.app);
  const browser = await launchBrowser();
  try {
    await someTraffic(base);
    await shootWorkbench(browser, base, 'fresh');
    const docs = await openPage(browser, `${base}/__mock/docs`, { width: 1280, height: 860 });
    await docs.page.waitForSelector('.opblock');
    await shot(docs.page, 'api-docs.png');
    await docs.page.close();
    await shootAuthorize(browser, base);
    await aThousandReads(base);
    await shootWorkbench(browser, base, 'busy');
  } finally {
    await browser.close();
    await stopServer(server);
  }
}

void main();
