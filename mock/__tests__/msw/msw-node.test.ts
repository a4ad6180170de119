/**
 * The MSW handlers under msw/node, as a frontend's jest or Vitest set-up uses them: requests to any
 * origin reach the same core as the server (section 4's reads, writes, reserved keys, comments and
 * errors, section 5's token), and the controls reset, load, fault and journal that state. The app's
 * own handler after the mock's gets what the mock does not own; what no handler takes, MSW reports
 * (unhandled.test.ts).
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createHandlers } from '../../msw';
import { failUnhandled } from './fail-unhandled';

const origin = 'https://shop.example';
const mock = createHandlers({ token: 'msw-token' });
const appsOwn = http.get('*/app/settings', () => HttpResponse.json({ theme: 'dark' }));
const server = setupServer(...mock.handlers, appsOwn);
const write = { 'Content-Type': 'application/json', 'X-API-TOKEN': 'msw-token' };

const call = async (path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> => {
  const response = await fetch(`${origin}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
};
const putKey = (id: number, key: string, value: unknown, headers: Record<string, string> = write) =>
  call(`/admin/api/articles/${id}/data/${key}`, { method: 'PUT', headers, body: JSON.stringify({ value }) });

beforeAll(() => {
  server.listen(failUnhandled);
});
afterEach(() => {
  mock.reset();
  mock.setFaults({});
});
afterAll(() => {
  server.close();
});

describe('MSW handlers under msw/node', () => {
  test('an article is read at the origin the client called, with addresses at that origin', async () => {
    const { status, body } = await call('/admin/api/articles/1');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 1, url: `${origin}/admin/api/articles/1` });
  });

  test('a data key written is read back and deleted', async () => {
    expect((await putKey(2, 'colour', ['red'])).status).toBe(200);
    expect(((await call('/admin/api/articles/2')).body as { data: object }).data).toEqual({ colour: ['red'] });
    expect((await call('/admin/api/articles/2/data/colour', { method: 'DELETE', headers: write })).status).toBe(204);
    expect(((await call('/admin/api/articles/2')).body as { data: object }).data).toEqual({});
  });

  test('a reserved key is refused with 403 and stays as it was', async () => {
    const before = mock.state().articles.find((article) => article.id === 1)?.data;
    const { status, body } = await putKey(1, 'svc_import_source', 'mine');
    expect(status).toBe(403);
    expect(body).toEqual({ message: 'Data key "svc_import_source" is reserved and read-only.' });
    expect(mock.state().articles.find((article) => article.id === 1)?.data).toEqual(before);
  });

  test('a posted comment is listed and counted', async () => {
    const comment = { comment: { author: 'Ann', author_email: 'ann@example.com', body: 'Hello' } };
    const before = ((await call('/admin/api/articles/3')).body as { comments_count: number }).comments_count;
    const path = '/admin/api/site/articles/3/comments.json';
    expect((await call(path, { method: 'POST', headers: write, body: JSON.stringify(comment) })).status).toBe(200);
    const listed = (await call(path)).body as { body: string }[];
    expect(listed.map((each) => each.body)).toContain('Hello');
    expect(((await call('/admin/api/articles/3')).body as { comments_count: number }).comments_count).toBe(before + 1);
  });

  test('an unknown article is 404, a bad payload 422 by field, a write without the token 401', async () => {
    expect(await call('/admin/api/articles/999')).toEqual({ status: 404, body: { message: 'Not found.' } });
    const invalid = await call('/admin/api/articles/1', { method: 'PUT', headers: write, body: '{"article":[]}' });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({ message: 'Validation failed.' });
    expect(Object.keys((invalid.body as { errors: object }).errors)).toContain('article');
    const anonymous = await putKey(2, 'colour', 1, { 'Content-Type': 'application/json' });
    expect(anonymous).toEqual({ status: 401, body: { message: 'Unauthorized.' } });
    expect((await putKey(2, 'colour', 1, { ...write, 'X-API-TOKEN': 'msw-tokem' })).status).toBe(401);
  });

  test('faults set through the controls answer with their status', async () => {
    mock.setFaults({ failure: { status: 503, rate: 1, operation: 'readArticle' } });
    expect(await call('/admin/api/articles/1')).toEqual({
      status: 503,
      body: { message: 'Fault injected by the mock (status 503).' },
    });
    expect((await call('/admin/api/site/articles/1/comments.json')).status).toBe(200);
  });

  test('the journal lists the requests answered, and reset restores the fixture and empties it', async () => {
    await putKey(2, 'colour', 'blue');
    await call('/admin/api/articles/2');
    expect(mock.journal().map((entry) => [entry.method, entry.status])).toEqual([
      ['PUT', 200],
      ['GET', 200],
    ]);
    mock.reset();
    expect(mock.journal()).toEqual([]);
    expect(mock.state().articles.find((article) => article.id === 2)?.data).toEqual({});
  });

  test('loadFixture serves another site', async () => {
    const site = mock.state();
    mock.loadFixture({ ...site, comments: [], articles: site.articles.filter((article) => article.id === 2) });
    expect((await call('/admin/api/articles/1')).status).toBe(404);
    expect((await call('/admin/api/articles/2')).status).toBe(200);
  });

  test('a request outside the interface reaches the app’s own handler after the mock’s', async () => {
    expect(await call('/app/settings')).toEqual({ status: 200, body: { theme: 'dark' } });
    expect(mock.journal()).toEqual([]);
  });
});
