/** The built-in sample site is stored unchecked at start (app/build-mock.ts): it must pass every check a fixture file does. */
import sampleSite from '../fixtures/sample-site.json';
import { storeFromFixture } from './load-fixture';

test('the sample site passes every check of a fixture', () => {
  expect(storeFromFixture(structuredClone(sampleSite), 'sample-site.json').articleIds()).toEqual(
    sampleSite.articles.map((article) => article.id),
  );
});

test('a copy of the sample site with a broken article is refused, so the check above can fail', () => {
  const broken = structuredClone(sampleSite) as { articles: Record<string, unknown>[] };
  broken.articles[0] = { ...broken.articles[0], title: 42 };
  expect(() => storeFromFixture(broken, 'sample-site.json')).toThrow(/article 1/);
});
