/**
 * The workbench page in a real browser (Chromium via playwright-core), against the mock on a
 * loopback port: the site is listed, a write made from outside appears in the live journal, a
 * failure set from the page for one operation fails its reads only, reset, fixture errors, and no
 * page asks another host for anything. The API docs are api-docs.test.ts's; the journal's own
 * layout is journal.test.ts's.
 */
import { openPage } from '../../../test-support/browser';
import { useWorkbench } from './mock-page';

jest.setTimeout(60_000);

const workbench = useWorkbench();

const putKey = (key: string, value: unknown): Promise<Response> =>
  fetch(`${workbench.base}/admin/api/articles/1/data/${key}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ value }),
  });

describe('the workbench page', () => {
  it('lists the articles with their data, reserved keys marked, and comment counts', async () => {
    const { page } = workbench.opened;
    expect(page.url()).toBe(`${workbench.base}/__mock/`);
    expect(await page.locator('article.card').count()).toBe(workbench.mock.state().articles.length);
    const first = page.locator('article[data-article-id="1"]');
    await expect(first.locator('tr.reserved th').textContent()).resolves.toContain('svc_import_source');
    await expect(first.locator('.comments summary').textContent()).resolves.toBe('3 comments');
  });

  it('shows a write made from outside in the journal without a reload, with the body sent', async () => {
    const { page } = workbench.opened;
    await page.waitForSelector('#live.live');
    expect((await putKey('colour', 'teal')).status).toBe(200);
    const entry = page.locator('#journal li[data-path="/admin/api/articles/1/data/colour"]');
    await entry.locator('summary').click();
    await expect(entry.locator('pre').allTextContents()).resolves.toContainEqual('{\n  "value": "teal"\n}');
    await page.waitForSelector('article[data-article-id="1"] th:text-is("colour")');
  });

  it('sets a failure for one operation from the page that fails its next read only, and clears it', async () => {
    const { page } = workbench.opened;
    await page.fill('input[name="status-readArticle"]', '503');
    await page.fill('input[name="rate-readArticle"]', '1');
    await page.click('#faults-form button[type="submit"]');
    await page.waitForSelector('#faults-now:has-text("readArticle")');
    expect((await fetch(`${workbench.base}/admin/api/articles/1`)).status).toBe(503);
    expect((await fetch(`${workbench.base}/admin/api/articles/1/comments`)).status).toBe(200);
    await page.click('#clear-faults');
    await page.waitForSelector('#faults-now:text-is("none")');
    expect((await fetch(`${workbench.base}/admin/api/articles/1`)).status).toBe(200);
    // Cleared means cleared on the page too: no field still holds the old failure.
    expect(await page.inputValue('input[name="rate-readArticle"]')).toBe('');
    expect(await page.inputValue('input[name="status-readArticle"]')).toBe('503');
  });

  it('shows a refused fault and clears the error once the fixed input is applied', async () => {
    const { page } = workbench.opened;
    await page.fill('input[name="delay"]', '99999999');
    await page.click('#faults-form button[type="submit"]');
    await page.waitForSelector('#faults-errors:has-text("delayMs")');
    await page.fill('input[name="delay"]', '200');
    await page.click('#faults-form button[type="submit"]');
    await page.waitForSelector('#faults-now:has-text("200")');
    expect(await page.textContent('#faults-errors')).toBe('');
  });

  it('resets the site from the page', async () => {
    const { page } = workbench.opened;
    expect((await putKey('colour', 'teal')).status).toBe(200);
    await page.waitForSelector('article[data-article-id="1"] th:text-is("colour")');
    await page.click('#reset');
    await page.waitForSelector('#status:has-text("Reset")');
    expect(workbench.mock.state().articles[0]?.data).not.toHaveProperty('colour');
    expect(await page.locator('article[data-article-id="1"] th:text-is("colour")').count()).toBe(0);
  });

  it('shows the control API’s own words when a fixture file is refused', async () => {
    const { page } = workbench.opened;
    const refused = JSON.stringify({ ...workbench.mock.state(), comments: [{ article_id: 999 }] });
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

describe('the workbench layout', () => {
  const traffic = async (requests: number): Promise<void> => {
    for (let sent = 0; sent < requests; sent += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, index) => fetch(`${workbench.base}/admin/api/articles/${(index % 5) + 1}`)),
      );
  };

  it('keeps the Faults card within the first screen however long the journal grows, the newest entry on top', async () => {
    const measure = async (): Promise<{ faultsTop: number; pageHeight: number; newest: string | null }> => {
      const { page } = await openPage(workbench.browser, `${workbench.base}/__mock/`, { width: 1280, height: 800 });
      await page.waitForSelector('body[data-ready="true"]');
      const faultsTop = await page.evaluate<number>(
        "document.getElementById('faults-section').getBoundingClientRect().top",
      );
      const pageHeight = await page.evaluate<number>('document.documentElement.scrollHeight');
      const newest = await page.locator('#journal li').first().getAttribute('data-path');
      await page.close();
      return { faultsTop, pageHeight, newest };
    };
    await putKey('first', 1);
    const short = await measure();
    await traffic(1000);
    await putKey('last', 1);
    const long = await measure();
    expect(short.faultsTop).toBeLessThan(800);
    expect(long.faultsTop).toBe(short.faultsTop);
    // The journal scrolls inside its own card: the page is no longer for a thousand entries.
    expect(long.pageHeight).toBe(short.pageHeight);
    expect(long.newest).toBe('/admin/api/articles/1/data/last');
  });

  it.each([360, 390, 420])('scrolls nowhere sideways at %i px wide, with a full journal', async (width) => {
    await traffic(200);
    const { page } = await openPage(workbench.browser, `${workbench.base}/__mock/`, { width, height: 800 });
    await page.waitForSelector('body[data-ready="true"]');
    await page.click('#journal li:first-child summary');
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  });
});
