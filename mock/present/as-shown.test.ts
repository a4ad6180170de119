/**
 * Section 2.1's summaries as the mock builds them: the record's own fields and its address, with
 * nothing gained or lost on the way, whatever a field is named.
 */
import sampleSite from '../fixtures/sample-site.json';
import { SiteStore } from '../store/site-store';
import type { SiteFixture } from '../store/records';
import { articleAsShown } from './as-shown';

const base = 'http://127.0.0.1:4010';

function siteWithPage(page: object): SiteFixture {
  const site = structuredClone<SiteFixture>(sampleSite);
  site.pages[0] = page as SiteFixture['pages'][number];
  return site;
}

describe('a summary in an article answer', () => {
  test("holds exactly its record's fields and its address", () => {
    const site = structuredClone<SiteFixture>(sampleSite);
    const store = new SiteStore(site);
    const article = store.article(1);
    if (!article) throw new Error('no article 1');
    const { page } = articleAsShown(store, article, base);
    expect(page).toEqual({ ...site.pages[0], url: `${base}/admin/api/pages/1` });
    expect(Object.getPrototypeOf(page)).toBe(Object.prototype);
  });

  test('keeps an own __proto__ field a field, and the prototype untouched', () => {
    const page = { ...sampleSite.pages[0], ...(JSON.parse('{"__proto__":"odd"}') as object) };
    const store = new SiteStore(siteWithPage(page));
    const article = store.article(1);
    if (!article) throw new Error('no article 1');
    const summary = articleAsShown(store, article, base).page;
    expect(Object.hasOwn(summary, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(summary)).toBe(Object.prototype);
    expect(summary.url).toBe(`${base}/admin/api/pages/1`);
  });
});
