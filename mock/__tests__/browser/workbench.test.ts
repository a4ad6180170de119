/**
 * The workbench page and the API docs in a real browser (Chromium via playwright-core), against
 * the mock on a loopback port: the site is listed, a write made from outside appears in the live
 * journal, a failure set from the page for one operation fails its reads only, reset, fixture
 * errors, the docs list the six operations, and no page asks another host for anything.
 */
import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, serveOnLoopback, stopServer, type OpenedPage } from '../../../test-support/browser';
import { createApp, type MockApp } from '../../app/create-app';

jest.setTimeout(60_000);

let browser: Browser;
let mock: MockApp;
let server: Server;
let base: string;
let opened: OpenedPage;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  mock = createApp();
  ({ base, server } = await serveOnLoopback(mock.app));
  opened = await openPage(browser, `${base}/`);
  await opened.page.waitForSelector('body[data-ready="true"]');
});
afterEach(async () => {
  expect(opened.foreignRequests).toEqual([]);
  expect(opened.pageErrors).toEqual([]);
  await opened.page.close();
  await stopServer(server);
});

const putKey = (key: string, value: unknown): Promise<Response> =>
  fetch(`${base}/admin/api/articles/1/data/${key}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ value }),
  });

describe('the workbench page', () => {
  it('lists the articles with their data, reserved keys marked, and comment counts', async () => {
    const { page } = opened;
    expect(page.url()).toBe(`${base}/__mock/`);
    expect(await page.locator('article.card').count()).toBe(mock.state().articles.length);
    const first = page.locator('article[data-article-id="1"]');
    await expect(first.locator('tr.reserved th').textContent()).resolves.toContain('svc_import_source');
    await expect(first.locator('.comments summary').textContent()).resolves.toBe('3 comments');
  });

  it('shows a write made from outside in the journal without a reload, with the body sent', async () => {
    const { page } = opened;
    await page.waitForSelector('#live.live');
    expect((await putKey('colour', 'teal')).status).toBe(200);
    const entry = page.locator('#journal li[data-path="/admin/api/articles/1/data/colour"]');
    await entry.locator('summary').click();
    await expect(entry.locator('pre').allTextContents()).resolves.toContainEqual('{\n  "value": "teal"\n}');
    await page.waitForSelector('article[data-article-id="1"] th:text-is("colour")');
  });

  it('sets a failure for one operation from the page that fails its next read only, and clears it', async () => {
    const { page } = opened;
    await page.fill('input[name="status-readArticle"]', '503');
    await page.fill('input[name="rate-readArticle"]', '1');
    await page.click('#faults-form button[type="submit"]');
    await page.waitForSelector('#faults-now:has-text("readArticle")');
    expect((await fetch(`${base}/admin/api/articles/1`)).status).toBe(503);
    expect((await fetch(`${base}/admin/api/articles/1/comments`)).status).toBe(200);
    await page.click('#clear-faults');
    await page.waitForSelector('#faults-now:text-is("none")');
    expect((await fetch(`${base}/admin/api/articles/1`)).status).toBe(200);
  });

  it('resets the site from the page', async () => {
    const { page } = opened;
    expect((await putKey('colour', 'teal')).status).toBe(200);
    await page.waitForSelector('article[data-article-id="1"] th:text-is("colour")');
    await page.click('#reset');
    await page.waitForSelector('#status:has-text("Reset")');
    expect(mock.state().articles[0]?.data).not.toHaveProperty('colour');
    expect(await page.locator('article[data-article-id="1"] th:text-is("colour")').count()).toBe(0);
  });

  it('shows the control API’s own words when a fixture file is refused', async () => {
    const { page } = opened;
    const refused = JSON.stringify({ ...mock.state(), comments: [{ article_id: 999 }] });
    await page.setInputFiles('#fixture-file', {
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(refused),
    });
    await page.waitForSelector('#status.error');
    expect(await page.textContent('#status')).toMatch(
      /^broken\.json was not loaded: 422: fixture: request body: comment 0/,
    );
  });
});

describe('the API docs', () => {
  it('list the six operations from the mock’s own OpenAPI document, and “try it” calls the mock', async () => {
    const docs = await openPage(browser, `${base}/__mock/docs`);
    await docs.page.waitForSelector('.opblock');
    const ids = await docs.page.locator('.opblock-summary-operation-id').allTextContents();
    expect(ids.sort()).toEqual(
      ['deleteDataKey', 'listComments', 'postComment', 'readArticle', 'setDataKey', 'updateArticle'].sort(),
    );
    expect(await docs.page.textContent('.servers')).toContain(base);
    const read = docs.page.locator('#operations-default-readArticle');
    await read.locator('.opblock-summary').click();
    await read.locator('input[placeholder="article_id"]').fill('2');
    await read.locator('button.execute').click();
    await read.locator('.live-responses-table .response-col_status').first().waitFor();
    expect(mock.journal({ path: '/admin/api/articles/2', status: 200 })).toHaveLength(1);
    expect(docs.foreignRequests).toEqual([]);
    expect(docs.pageErrors).toEqual([]);
    await docs.page.close();
  });
});
