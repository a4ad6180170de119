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
    await page.waitForSelector('#faults-now li:text-is("none")');
    expect((await fetch(`${workbench.base}/admin/api/articles/1`)).status).toBe(200);
    // Cleared means cleared on the page too: no field still holds the old failure.
    expect(await page.inputValue('input[name="rate-readArticle"]')).toBe('');
    expect(await page.inputValue('input[name="status-readArticle"]')).toBe('503');
  });

  it.each([
    ['delay', '90000'],
    ['delay-readArticle', 'slow'],
  ])('shows a refused %s next to its field, by the form’s label, and clears it once fixed', async (name, refused) => {
    const { page } = workbench.opened;
    const field = page.locator(`#faults-form input[name="${name}"]`);
    await field.fill(refused);
    await page.click('#faults-form button[type="submit"]');
    await page.waitForSelector(`#faults-form input[name="${name}"][aria-invalid="true"]`);
    const shown = page.locator(`#${(await field.getAttribute('aria-describedby')) ?? 'none'}`);
    expect(await shown.textContent()).toBe(
      'Latency: must be milliseconds (0 to 60000) or a range min-max, such as 200-800',
    );
    // Right below its field, and nothing left at the foot of the card.
    const [fieldBox, shownBox] = await Promise.all([field.boundingBox(), shown.boundingBox()]);
    expect(Math.abs((shownBox?.y ?? 0) - ((fieldBox?.y ?? 0) + (fieldBox?.height ?? 0)))).toBeLessThan(12);
    expect(await page.textContent('#faults-errors')).toBe('');
    await field.fill('200');
    await page.click('#faults-form button[type="submit"]');
    await page.waitForSelector('#faults-now:has-text("200 ms")');
    expect(await page.locator('#faults-form .field-error').count()).toBe(0);
    expect(await field.getAttribute('aria-invalid')).toBeNull();
  });

  it('says in words which faults are in force', async () => {
    const { page } = workbench.opened;
    await page.fill('input[name="delay"]', '200-800');
    await page.fill('input[name="rate"]', '0.25');
    await page.fill('input[name="rate-readArticle"]', '1');
    await page.click('#faults-form button[type="submit"]');
    await page.waitForSelector('#faults-now li:nth-child(2)');
    expect(await page.locator('#faults-now li').allTextContents()).toEqual([
      'Every operation: latency 200-800 ms; 25% of requests fail with 503',
      'readArticle: every request fails with 503',
    ]);
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
    expect(await page.textContent('#status')).toMatch(/^broken\.json was not loaded: comment 0 \(article 999\): /);
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

  it('says "No requests yet" in a short journal card, with the faults on the first screen at 390 px', async () => {
    const { page } = await openPage(workbench.browser, `${workbench.base}/__mock/`, { width: 390, height: 844 });
    await page.waitForSelector('body[data-ready="true"]');
    expect(await page.locator('#journal-empty').isVisible()).toBe(true);
    expect(await page.textContent('#journal-empty')).toBe('No requests yet.');
    const journal = await page.locator('#journal-section').boundingBox();
    expect(journal?.height).toBeLessThan(150);
    const faultsTop = (await page.locator('#faults-section').boundingBox())?.y ?? Infinity;
    expect(faultsTop).toBeLessThan(844 / 2);
    // The first entry hides the line and gives the card its fixed height.
    await fetch(`${workbench.base}/admin/api/articles/1`);
    await page.waitForSelector('#journal li');
    expect(await page.locator('#journal-empty').isVisible()).toBe(false);
    await page.close();
  });

  it('labels each per-operation fault field visibly above it at 390 px', async () => {
    const { page } = await openPage(workbench.browser, `${workbench.base}/__mock/`, { width: 390, height: 844 });
    await page.waitForSelector('body[data-ready="true"]');
    const rows = await page.locator('#operation-faults tbody tr').all();
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const labels = row.locator('.cell-label');
      expect(await labels.allTextContents()).toEqual(['Latency', 'Failure status', 'Failure rate']);
      for (const cell of await row.locator('label.cell').all()) {
        const [label, input] = await Promise.all([
          cell.locator('.cell-label').boundingBox(),
          cell.locator('input').boundingBox(),
        ]);
        expect(label?.height).toBeGreaterThan(0);
        expect((label?.y ?? 0) + (label?.height ?? 0)).toBeLessThanOrEqual((input?.y ?? 0) + 1);
      }
    }
    await page.close();
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
