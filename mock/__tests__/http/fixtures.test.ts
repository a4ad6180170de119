/**
 * Fixtures: the built-in sample site, one's own site, and the checks a fixture passes when loaded,
 * with an error naming the source, the record (article, comment, page...) and the field.
 */
import request from 'supertest';
import { createApp, FixtureError, type SiteFixture } from '../../index';
import { freshApp, readArticle, sampleSite } from './support';

type Edit = (site: SiteFixture & Record<string, unknown>) => void;
const record = (value: unknown): Record<string, unknown> => value as Record<string, unknown>;

function loadEdited(edit: Edit): () => void {
  const site = sampleSite() as SiteFixture & Record<string, unknown>;
  edit(site);
  return () => createApp({ fixture: site, fixtureSource: 'site.json' });
}

describe('the sample site', () => {
  it('has several articles on blog pages, in two languages, by different authors', async () => {
    const app = freshApp();
    const articles = await Promise.all([1, 2, 3, 4, 5].map((id) => readArticle(app, id)));
    expect(new Set(articles.map((article) => article.language.code)).size).toBe(2);
    expect(new Set(articles.map((article) => article.author.id)).size).toBeGreaterThan(1);
    expect(articles.every((article) => article.page.content_type === 'blog')).toBe(true);
  });

  it('gives article 1 comments, tags and a reserved data key', async () => {
    const article = await readArticle(freshApp(), 1);
    expect(article.comments_count).toBeGreaterThan(0);
    expect(article.tag_names.length).toBeGreaterThan(0);
    expect(article.data).toHaveProperty('svc_import_source');
  });
});

describe("one's own fixture", () => {
  it('serves the site it describes', async () => {
    const site = sampleSite();
    const first = site.articles[0];
    if (first) first.title = 'My own title';
    const app = freshApp({ fixture: site });
    expect((await readArticle(app, 1)).title).toBe('My own title');
  });

  it('is copied, so changes to the object passed in never reach the mock', async () => {
    const site = sampleSite();
    const app = freshApp({ fixture: site });
    if (site.articles[0]) site.articles[0].title = 'changed later';
    expect((await readArticle(app, 1)).title).not.toBe('changed later');
  });

  it.each<[string, Edit, RegExp]>([
    [
      'an article field of the wrong type',
      (site) => {
        record(site.articles[2]).title = 5;
      },
      /^site\.json: article 3:\n {2}\/title: must be string/,
    ],
    [
      'a timestamp in the wrong form',
      (site) => {
        record(site.articles[0]).updated_at = '2024-01-01';
      },
      /^site\.json: article 1:\n {2}\/updated_at: does not have the stated form/,
    ],
    [
      'data that is not an object',
      (site) => {
        record(site.articles[1]).data = [];
      },
      /^site\.json: article 2: \/data: must be an object/,
    ],
    [
      'a missing article field',
      (site) => {
        delete record(site.articles[3]).excerpt;
      },
      /^site\.json: article 4:\n {2}\/excerpt: is required but missing/,
    ],
    [
      'an article on a missing page',
      (site) => {
        record(site.articles[0]).page_id = 42;
      },
      /^site\.json: article 1: page_id 42 names no page/,
    ],
    [
      'a comment with a bad e-mail',
      (site) => {
        record(site.comments[1]).author_email = 'nope';
      },
      /^site\.json: comment 1 \(article 1\):\n {2}\/comment\/author_email: must match format "email"/,
    ],
    [
      'a comment in the wrong date form',
      (site) => {
        record(site.comments[0]).created_at = '2024-02-01T10:12:45.000Z';
      },
      /^site\.json: comment 0 \(article 1\):\n {2}\/created_at/,
    ],
    [
      'a comment on a missing article',
      (site) => {
        record(site.comments[0]).article_id = 77;
      },
      /^site\.json: comment 0 \(article 77\): article_id names no article/,
    ],
    [
      'a page no article uses',
      (site) => {
        site.pages.push({ id: 9 } as SiteFixture['pages'][number]);
      },
      /^site\.json: page 9:\n {2}\/title: is required but missing/,
    ],
    [
      'a person with an extra field',
      (site) => {
        record(site.people[2]).email = 'x@example.com';
      },
      /^site\.json: person 3:\n {2}\/email: is not a field of this shape/,
    ],
    [
      'a person with a __proto__ field (as JSON.parse makes one)',
      (site) => {
        site.people[2] = {
          ...site.people[2],
          ...(JSON.parse('{"__proto__":"x"}') as object),
        } as SiteFixture['people'][number];
      },
      /^site\.json: person 3:\n {2}\/__proto__: is not a field of this shape/,
    ],
    [
      'a repeated id',
      (site) => {
        site.languages.push({ ...site.languages[0] } as SiteFixture['languages'][number]);
      },
      /^site\.json: languages has id 1 twice/,
    ],
    [
      'a missing section',
      (site) => {
        delete (site as Partial<SiteFixture>).comments;
      },
      /^site\.json: "comments" must be an array/,
    ],
    [
      'a comment that is null',
      (site) => {
        (site.comments as unknown[]).push(null);
      },
      /^site\.json: entry 4 of "comments" must be an object/,
    ],
    [
      'an article that is a list',
      (site) => {
        (site.articles as unknown[]).unshift([]);
      },
      /^site\.json: entry 0 of "articles" must be an object/,
    ],
  ])('is refused for %s, naming where', (_name, edit, message) => {
    expect(loadEdited(edit)).toThrow(FixtureError);
    expect(loadEdited(edit)).toThrow(message);
  });

  it('is refused when it is not an object', () => {
    expect(() => createApp({ fixture: [], fixtureSource: 'list.json' })).toThrow(
      'list.json: a fixture must be a JSON object',
    );
  });

  it('serves an empty site, where every article is unknown', async () => {
    await request(freshApp({ fixture: { pages: [], languages: [], people: [], articles: [], comments: [] } }))
      .get('/admin/api/articles/1')
      .expect(404);
  });
});
