/** Interface section 4.1 over HTTP: the full Article of 2.1, its addresses and its comment count. */
import request from 'supertest';
import { validateResponse } from 'site-articles-schemas/validation';
import { freshApp, listComments, readArticle } from './support';

const isoForm = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const articleFields = [
  'id',
  'title',
  'path',
  'comments_count',
  'publishing',
  'published',
  'data',
  'created_at',
  'updated_at',
  'published_at',
  'url',
  'public_url',
  'contents_url',
  'comments_url',
  'page',
  'language',
  'author',
  'autosaved_title',
  'excerpt',
  'autosaved_excerpt',
  'body',
  'autosaved_body',
  'tag_names',
];

describe('GET /admin/api/articles/<id>', () => {
  it('answers every field of section 2.1 and nothing else', async () => {
    const article = await readArticle(freshApp(), 1);
    expect(Object.keys(article).sort()).toEqual([...articleFields].sort());
    expect(validateResponse('Article', article, 'strict')).toEqual([]);
  });

  it('answers timestamps in the ISO form with milliseconds', async () => {
    const article = await readArticle(freshApp(), 1);
    const stamps = [
      article.created_at,
      article.updated_at,
      article.published_at,
      article.page.created_at,
      article.page.updated_at,
      article.page.published_at,
      article.language.created_at,
      article.language.updated_at,
    ];
    for (const stamp of stamps) expect(stamp).toMatch(isoForm);
  });

  it('answers the sample article 1 with its tags and its reserved data key', async () => {
    const article = await readArticle(freshApp(), 1);
    expect(article.tag_names.length).toBeGreaterThan(0);
    expect(Object.keys(article.data).some((key) => key.startsWith('svc_'))).toBe(true);
    expect(article.page.content_type).toBe('blog');
  });

  it('builds every address from the base address the request came in on', async () => {
    const response = await request(freshApp({ security: { allowedHosts: ['mock.example'] } }))
      .get('/admin/api/articles/1')
      .set('Host', 'mock.example:8080')
      .expect(200);
    const article = response.body as Record<string, unknown> & {
      page: { url: string };
      language: { url: string };
      author: { url: string };
    };
    const base = 'http://mock.example:8080';
    expect(article).toMatchObject({
      url: `${base}/admin/api/articles/1`,
      public_url: `${base}/ten-years-of-small-websites`,
      contents_url: `${base}/admin/api/articles/1/contents`,
      comments_url: `${base}/admin/api/articles/1/comments`,
    });
    expect(article.page.url).toBe(`${base}/admin/api/pages/1`);
    expect(article.language.url).toBe(`${base}/admin/api/languages/1`);
    expect(article.author.url).toBe(`${base}/admin/api/people/1`);
  });

  it('falls back to the address it listens on when the Host header is unusable in an address', async () => {
    const tooLong = `${'a'.repeat(260)}.localhost`;
    const response = await request(freshApp()).get('/admin/api/articles/1').set('Host', tooLong).expect(200);
    expect((response.body as { url: string }).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/admin\/api\/articles\/1$/);
  });

  it.each([1, 2, 3, 4, 5])('counts exactly the comments article %i lists', async (id) => {
    const app = freshApp();
    const article = await readArticle(app, id);
    const listed = await listComments(app, `/admin/api/articles/${id}/comments?per_page=250`);
    expect(article.comments_count).toBe(listed.length);
  });

  it('answers HEAD with the status and headers of GET and no body', async () => {
    const response = await request(freshApp()).head('/admin/api/articles/1').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.text).toBeUndefined();
  });

  it.each(['99', '0', 'abc', '1.5', '-1', '99999999999999999999'])(
    'answers 404 with a JSON message for article "%s"',
    async (id) => {
      const response = await request(freshApp()).get(`/admin/api/articles/${id}`).expect(404);
      expect(response.body).toEqual({ message: 'Not found.' });
    },
  );
});
