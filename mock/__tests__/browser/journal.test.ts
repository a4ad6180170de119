/**
 * The workbench's journal in Chromium, measured from the laid-out page: the end
 * of a path (article id, data key, comment list) shows in its row however narrow the window, an
 * opened entry shows the whole path, "hide requests to /__mock" hides the mock's own page and
 * control requests (`GET /` and its redirect included), and at 360 px the journal comes first.
 */
import { hiddenCharacters, openPage } from '../../../test-support/browser';
import { useWorkbench } from './mock-page';

jest.setTimeout(60_000);

const workbench = useWorkbench();

const commentsPath = '/admin/api/site/articles/4/comments.json?per_page=10';
const reservedKeyPath = '/admin/api/articles/1/data/svc_import_source';

/** A listing of article 4's comments and a refused removal of a reserved key: two long paths. */
async function twoLongPaths(): Promise<void> {
  expect((await fetch(`${workbench.base}${commentsPath}`)).status).toBe(200);
  expect((await fetch(`${workbench.base}${reservedKeyPath}`, { method: 'DELETE' })).status).toBe(403);
}

const entry = (path: string): string => `#journal li[data-path="${path}"]`;

describe('the journal', () => {
  it.each([1280, 360])('shows the end of each path in its row at %i px wide', async (width) => {
    await twoLongPaths();
    const { page } = await openPage(workbench.browser, `${workbench.base}/__mock/`, { width, height: 800 });
    await page.waitForSelector(entry(reservedKeyPath));
    expect(await hiddenCharacters(page, `${entry(commentsPath)} summary`, '4/comments.json?per_page=10')).toBe('');
    expect(await hiddenCharacters(page, `${entry(reservedKeyPath)} summary`, '1/data/svc_import_source')).toBe('');
    await page.close();
  });

  it.each([1280, 360])('shows the whole path in an opened entry at %i px wide', async (width) => {
    await twoLongPaths();
    const { page } = await openPage(workbench.browser, `${workbench.base}/__mock/`, { width, height: 800 });
    await page.click(`${entry(commentsPath)} summary`);
    expect(await hiddenCharacters(page, `${entry(commentsPath)} .bodies`, commentsPath)).toBe('');
    await page.close();
  });

  it('hides GET / and its redirect, and every request to /__mock, while the box is ticked', async () => {
    const { page } = workbench.opened;
    await twoLongPaths();
    await page.waitForSelector(entry(reservedKeyPath));
    const items = await page.locator('#journal li').all();
    const paths = await Promise.all(items.map((item) => item.getAttribute('data-path')));
    expect(paths.sort()).toEqual([commentsPath, reservedKeyPath].sort());
    // Unticked, the page's own requests are there: the check above could see them.
    await page.click('#hide-control');
    await page.waitForSelector(entry('/'));
    await page.waitForSelector(entry('/__mock/'));
  });

  it('comes first at 360 px: its newest entry is on the first screen, the site and faults below it', async () => {
    await twoLongPaths();
    const { page } = await openPage(workbench.browser, `${workbench.base}/__mock/`, { width: 360, height: 740 });
    await page.waitForSelector(entry(reservedKeyPath));
    /** Where an element is on the page as first shown, in px from the top of the window. */
    const box = async (selector: string): Promise<{ top: number; bottom: number }> => {
      const found = await page.locator(selector).first().boundingBox();
      if (!found) throw new Error(`${selector} is not shown`);
      return { top: found.y, bottom: found.y + found.height };
    };
    expect((await box('#journal li')).bottom).toBeLessThan(740);
    const journal = await box('#journal-section');
    expect((await box('#faults-section')).top).toBeGreaterThan(journal.bottom);
    expect((await box('#site-section')).top).toBeGreaterThan(journal.bottom);
    await page.close();
  });
});
