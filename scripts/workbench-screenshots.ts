/**
 * Takes the docs' screenshots in Debian's Chromium. The workbench (docs/workbench-<width>-<state>.png)
 * at 1280 and 390 px wide, in each of its states: fresh (nothing asked yet), after edits made from
 * the page, with errors shown at their fields, busy (after a thousand requests) and with a token in
 * force (`--token`). The validating proxy's workbench (docs/proxy-workbench-<width>.png) at both
 * widths, in front of a mock on a loopback port, after a few exchanges and a client's comment off
 * its shape. The API docs (docs/api-docs*.png) of a mock with a token: the operations, and at
 * 1280 and 360 px the Authorize dialog with the token and a write tried out with it. Run with
 * `npx tsx scripts/workbench-screenshots.ts` after changing either page (`-- --proxy-only`: the proxy's
 * alone), and look at every image.
 */
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, serveOnLoopback, stopServer } from '../test-support/browser';
import { createApp } from 'site-articles-mock';
import { createProxy } from '../mock/proxy/server';
import { fillForm, workbenchForms } from '../test-support/workbench-forms';

const docsFolder = resolve(__dirname, '..', 'docs');
const token = 'dev-token';
const workbenchWidths = [
  [1280, 800],
  [390, 844],
] as const;
const docsWidths = [
  [1280, 800],
  [360, 740],
] as const;

const shot = (page: Page, name: string): Promise<Buffer> => page.screenshot({ path: resolve(docsFolder, name) });

/** Opens the workbench at `/`, as a person would, and waits until it is ready. */
async function openWorkbench(browser: Browser, base: string, [width, height]: readonly [number, number]) {
  const { page } = await openPage(browser, `${base}/`, { width, height });
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

/** Scrolls so that `selector` is `offset` px below the top of the window. */
async function scrollTo(page: Page, selector: string, offset = 8): Promise<void> {
  const box = await page.locator(selector).first().boundingBox();
  await page.evaluate(`window.scrollBy(0, ${String((box?.y ?? 0) - offset)})`);
}

/** From the page: a key set, another removed and a comment posted on article 1, its forms left open. */
async function makeEdits(page: Page): Promise<void> {
  const forms = workbenchForms(page, 1);
  await forms.open();
  await fillForm(forms.setKey, { key: 'favourites', value: '[3, 5, 8]' }, 'Set favourites.');
  await page.click('article[data-article-id="1"] tr[data-key="reading_minutes"] button.remove');
  await page.waitForSelector('article[data-article-id="1"] .data-part .outcome:text-is("Removed reading_minutes.")');
  const comment = { author: 'Ada', author_email: 'ada@example.com', body: 'Nice post!' };
  await fillForm(forms.comment, comment, 'Comment posted.');
  await page.click('article[data-article-id="1"] .comments summary:text-is("4 comments")');
}

/** From the page: a reserved key, data that is not JSON, a comment with nothing filled in, and a latency out of range. */
async function makeErrors(page: Page): Promise<void> {
  const forms = workbenchForms(page, 1);
  await forms.open();
  await fillForm(forms.setKey, { key: 'svc_theme', value: '"dark"' }, '403');
  await forms.data.locator('textarea').fill('{"colour": teal}');
  await forms.data.locator('button[type="submit"]').click();
  await fillForm(forms.comment, { author: '', author_email: 'ada', body: '' }, undefined);
  await page.waitForSelector('article[data-article-id="1"] .post-comment .field-error');
  await page.fill('input[name="delay"]', '90000');
  await page.fill('input[name="delay-readArticle"]', 'slow');
  await page.click('#faults-form button[type="submit"]');
  await page.waitForSelector('#faults-form .field-error');
}

async function aThousandReads(base: string): Promise<void> {
  for (let sent = 0; sent < 1000; sent += 50)
    await Promise.all(Array.from({ length: 50 }, (_, index) => fetch(`${base}/admin/api/articles/${(index % 6) + 1}`)));
}

/** The states of a mock started without a token, each at both widths. */
async function shootStates(browser: Browser): Promise<void> {
  const mock = createApp();
  const { base, server } = await serveOnLoopback(mock.app);
  try {
    for (const size of workbenchWidths) {
      const width = String(size[0]);
      mock.reset();
      let page = await openWorkbench(browser, base, size);
      await shot(page, `workbench-${width}-fresh.png`);
      await makeEdits(page);
      await scrollTo(page, 'article[data-article-id="1"]');
      await shot(page, `workbench-${width}-edits.png`);
      await page.close();
      page = await openWorkbench(browser, base, size);
      await makeErrors(page);
      if (size[0] > 900) {
        await scrollTo(page, 'article[data-article-id="1"] .edit');
        await shot(page, `workbench-${width}-errors.png`);
      } else {
        await scrollTo(page, '#faults-section');
        await shot(page, `workbench-${width}-errors-faults.png`);
        await scrollTo(page, 'article[data-article-id="1"] .set-key');
        await shot(page, `workbench-${width}-errors.png`);
      }
      await page.close();
    }
    mock.reset();
    await aThousandReads(base);
    for (const size of workbenchWidths) {
      const page = await openWorkbench(browser, base, size);
      await shot(page, `workbench-${String(size[0])}-busy.png`);
      await page.close();
    }
  } finally {
    await stopServer(server);
  }
}

/** A mock started with `--token`: the notice, and a key set from the page with the token (its entry opened). */
async function shootToken(browser: Browser, base: string): Promise<void> {
  for (const size of workbenchWidths) {
    const page = await openWorkbench(browser, base, size);
    const forms = workbenchForms(page, 2);
    await forms.open();
    await fillForm(forms.setKey, { key: 'colour', value: '"teal"' }, 'Set colour.');
    await page.click('#journal li[data-path="/admin/api/articles/2/data/colour"] summary');
    await shot(page, `workbench-${String(size[0])}-token.png`);
    await page.close();
  }
}

/** At both widths: the Authorize dialog with the token typed in, then setDataKey tried out with it. */
async function shootAuthorize(browser: Browser, base: string): Promise<void> {
  for (const [width, height] of docsWidths) {
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

/** What a frontend sends through the proxy: reads, a key set, and a comment with no `author_email` (a client finding). */
async function throughTheProxy(base: string): Promise<void> {
  await fetch(`${base}/admin/api/articles/1`);
  await fetch(`${base}/admin/api/articles/2`);
  await fetch(`${base}/admin/api/articles/1/data/favourites`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ value: [3, 5, 8] }),
  });
  await fetch(`${base}/admin/api/site/articles/1/comments.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ comment: { author: 'Ann', body: 'Hi' } }),
  });
  await fetch(`${base}/admin/api/articles/3`);
}

/** The proxy's workbench, in front of a mock on a loopback port, at both widths. */
async function shootProxy(browser: Browser): Promise<void> {
  const deployment = await serveOnLoopback(createApp().app);
  const proxy = await serveOnLoopback(createProxy({ upstream: deployment.base }).listener);
  try {
    await throughTheProxy(proxy.base);
    for (const size of workbenchWidths) {
      const { page } = await openPage(browser, `${proxy.base}/__mock/`, { width: size[0], height: size[1] });
      await page.waitForSelector('body[data-ready="true"]');
      await page.waitForSelector('#violations ul.client li');
      await shot(page, `proxy-workbench-${String(size[0])}.png`);
      await page.close();
    }
  } finally {
    await stopServer(proxy.server);
    await stopServer(deployment.server);
  }
}

async function main(): Promise<void> {
  const browser = await launchBrowser();
  const mock = createApp({ token });
  const { base, server } = await serveOnLoopback(mock.app);
  try {
    if (process.argv.includes('--proxy-only')) {
      await shootProxy(browser);
      return;
    }
    await shootStates(browser);
    await shootProxy(browser);
    await shootToken(browser, base);
    const docs = await openPage(browser, `${base}/__mock/docs`, { width: 1280, height: 860 });
    await docs.page.waitForSelector('.opblock');
    await shot(docs.page, 'api-docs.png');
    await docs.page.close();
    await shootAuthorize(browser, base);
  } finally {
    await browser.close();
    await stopServer(server);
  }
}

void main();
