/**
 * Interface section 4.5 over HTTP: the list shape of 2.2 at every comment address, newest first,
 * paged as the API family pages (`page`/`per_page`, `Link`, `X-Total-Entries`, `X-Total-Pages`).
 */
import request from 'supertest';
import { validateResponse } from 'site-articles-schemas/validation';
import { commentAddresses, freshApp, listComments, pathOf, readArticle, sampleSite } from './support';

/** The sample site with `count` more comments on article 2, one minute apart, numbered oldest first. */
function siteWithComments(count: number): ReturnType<typeof sampleSite> {
  const site = sampleSite();
  const start = Date.UTC(2024, 5, 1);
  for (let index = 0; index < count; index += 1) {
    const iso = new Date(start + index * 60_000).toISOString();
    site.comments.push({
      article_id: 2,
      author: `Reader ${index}`,
      author_email: `reader${index}@example.com`,
      body: `Comment ${index}`,
      created_at: `${iso.slice(0, 10).replace(/-/g, '/')} ${iso.slice(11, 19)} +0000`,
    });
  }
  return site;
}

function links(header: unknown): Record<string, string> {
  if (typeof header !== 'string') return {};
  const pairs = header.split(', ').map((part) => /^<([^>]+)>; rel="(\w+)"$/.exec(part));
  return Object.fromEntries(pairs.map((match) => [match?.[2] ?? '', match?.[1] ?? '']));
}

describe('GET comment lists', () => {
  it.each(commentAddresses(1))('answers the same list at %s', async (path) => {
    const app = freshApp();
    const expected = await listComments(app, '/admin/api/site/articles/1/comments.json');
    expect(await listComments(app, path)).toEqual(expected);
    expect(expected).toHaveLength(3);
  });

  it("answers the same list at the article's comments_url", async () => {
    const app = freshApp();
    const article = await readArticle(app, 1);
    expect(await listComments(app, pathOf(article.comments_url))).toEqual(
      await listComments(app, '/admin/api/site/articles/1/comments.json'),
    );
  });

  it('answers comments in the list shape of 2.2 with the stated date form', async () => {
    const comments = await listComments(freshApp(), '/admin/api/articles/1/comments');
    expect(validateResponse('CommentList', comments, 'strict')).toEqual([]);
    for (const comment of comments) expect(Object.keys(comment).sort()).toEqual(['author', 'body', 'created_at']);
    for (const comment of comments)
      expect(comment.created_at).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} \+0000$/);
  });

  it("never shows a commenter's e-mail address", async () => {
    const response = await request(freshApp()).get('/admin/api/articles/1/comments').expect(200);
    expect(response.text).not.toMatch(/@example\.|author_email/);
  });

  it('lists newest first', async () => {
    const comments = await listComments(freshApp(), '/admin/api/articles/1/comments');
    const dates = comments.map((comment) => comment.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('answers an empty list for an article without comments', async () => {
    const response = await request(freshApp()).get('/admin/api/articles/3/comments').expect(200, []);
    expect(response.headers).toMatchObject({ 'x-total-entries': '0', 'x-total-pages': '1' });
  });

  it('answers 404 for an unknown article', async () => {
    await request(freshApp()).get('/admin/api/site/articles/99/comments.json').expect(404, { message: 'Not found.' });
  });
});

describe('paging comment lists', () => {
  it('pages with page and per_page and counts in X-Total-* headers', async () => {
    const app = freshApp();
    const first = await request(app).get('/admin/api/articles/1/comments?per_page=2').expect(200);
    const second = await request(app).get('/admin/api/articles/1/comments?per_page=2&page=2').expect(200);
    const all = await listComments(app, '/admin/api/articles/1/comments');
    expect([...(first.body as unknown[]), ...(second.body as unknown[])]).toEqual(all);
    expect(first.headers).toMatchObject({ 'x-total-entries': '3', 'x-total-pages': '2' });
  });

  it('links first, prev, next and last pages, keeping the other query parameters', async () => {
    const response = await request(freshApp())
      .get('/admin/api/site/article/1/comments.json?per_page=1&page=2&sort=x')
      .expect(200);
    const rel = links(response.headers.link);
    expect(Object.keys(rel)).toEqual(['first', 'prev', 'next', 'last']);
    for (const [name, page] of [
      ['first', '1'],
      ['prev', '1'],
      ['next', '3'],
      ['last', '3'],
    ] as const) {
      const url = new URL(rel[name] ?? '');
      expect(url.pathname).toBe('/admin/api/site/article/1/comments.json');
      expect(Object.fromEntries(url.searchParams)).toEqual({ page, per_page: '1', sort: 'x' });
    }
  });

  it('leaves prev out on the first page and next out on the last', async () => {
    const response = await request(freshApp()).get('/admin/api/articles/1/comments').expect(200);
    expect(Object.keys(links(response.headers.link))).toEqual(['first', 'last']);
  });

  it('follows Link rel="next" through every page, as the family\'s clients do', async () => {
    const app = freshApp({ fixture: siteWithComments(7) });
    const seen: unknown[] = [];
    let next: string | undefined = '/admin/api/articles/2/comments?per_page=3';
    while (next) {
      const response: request.Response = await request(app).get(next).expect(200);
      seen.push(...(response.body as unknown[]));
      const target: string | undefined = links(response.headers.link).next;
      next = target ? pathOf(target) : undefined;
    }
    expect(seen).toEqual(await listComments(app, '/admin/api/articles/2/comments?per_page=250'));
    expect(seen).toHaveLength(8);
  });

  it('answers 50 comments by default and at most 250 per page', async () => {
    const app = freshApp({ fixture: siteWithComments(300) });
    expect(await listComments(app, '/admin/api/articles/2/comments')).toHaveLength(50);
    const big = await request(app).get('/admin/api/articles/2/comments?per_page=1000').expect(200);
    expect(big.body).toHaveLength(250);
    expect(big.headers['x-total-pages']).toBe('2');
    expect((await listComments(app, '/admin/api/articles/2/comments'))[0]?.body).toBe('Comment 299');
  });

  it('answers an empty page past the last one', async () => {
    await request(freshApp()).get('/admin/api/articles/1/comments?page=9').expect(200, []);
  });

  it.each([
    ['page=0', 'page', 'must be a positive whole number'],
    ['per_page=abc', 'per_page', 'must be a positive whole number'],
    ['page=', 'page', 'must be a positive whole number'],
    ['page=1&page=2', 'page', 'must be given once'],
  ])('answers 422 naming the parameter for ?%s', async (query, field, problem) => {
    const response = await request(freshApp()).get(`/admin/api/articles/1/comments?${query}`).expect(422);
    expect(response.body).toEqual({ message: 'Validation failed.', errors: { [field]: [problem] } });
  });
});
