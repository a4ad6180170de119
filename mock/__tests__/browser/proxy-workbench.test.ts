/**
 * The validating proxy's workbench page in a real browser (Chromium via playwright-core), in front
 * of a broken deployment on a loopback port: the page at /__mock/ shows each violation by field,
 * a client's payload off its shape apart from them, and the exchanges in the live journal.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from '../../../test-support/browser';
import { variantRules } from '../../../proof/variants';
import { createApp } from '../../app/create-app';
import { closeAll, serve, startProxy } from '../proxy/servers';

jest.setTimeout(60_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await closeAll();
});

test('names the deployment it forwards to, and shows its violations, the client’s findings apart, and the journal', async () => {
  const upstream = await serve(createApp({ rules: variantRules('id-as-string'), validateResponses: false }).app);
  const proxy = await startProxy({ upstream });
  const opened = await openPage(browser, `${proxy.url}/__mock/`);
  const { page } = opened;
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('#live.live');
  expect(await page.locator('#upstream code').textContent()).toBe(upstream);
  await fetch(`${proxy.url}/admin/api/articles/1`);
  await fetch(`${proxy.url}/admin/api/site/articles/1/comments.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ comment: { author: 'Ann', body: 'Hi' } }),
  });
  await page.waitForSelector('#violations ul.client li');
  await page.waitForSelector('#journal li[data-path="/admin/api/articles/1"]');
  expect(await page.locator('#violations ul.deployment li code').allTextContents()).toContain('answer-shape');
  expect(await page.locator('#violations ul.client li').allTextContents()).toEqual([
    expect.stringContaining('request/comment/author_email') as unknown,
  ]);
  expect(await page.textContent('#violation-counts')).toBe('1 with violations · 1 with client findings');
  expect([opened.foreignRequests, opened.pageErrors]).toEqual([[], []]);
  await page.close();
});

test('at 390 px the findings come before the journal and nothing scrolls sideways', async () => {
  const upstream = await serve(createApp().app);
  const proxy = await startProxy({ upstream });
  await fetch(`${proxy.url}/admin/api/site/articles/1/comments.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ comment: { author: 'Ann', body: 'Hi' } }),
  });
  const { page } = await openPage(browser, `${proxy.url}/__mock/`, { width: 390, height: 844 });
  await page.waitForSelector('#violations ul.client li');
  const top = async (selector: string): Promise<number> => (await page.locator(selector).boundingBox())?.y ?? -1;
  expect(await top('#violations-section')).toBeLessThan(await top('#journal-section'));
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.close();
});
