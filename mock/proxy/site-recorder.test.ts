/** What `--record` takes in: only what keeps the recording loadable, each skip with its reason. */
import request from 'supertest';
import { createApp } from '../index';
import { SiteRecorder, type SeenAnswer } from './site-recorder';
import { operations, type OperationId } from 'site-articles-schemas/catalogue';
import type { RoutedRequest } from './route';

const sample = createApp();
const articleOne = sample.state().articles.find((article) => article.id === 1);

/** A request as the proxy judges it: the catalogue's operation, the article id and the key of the path. */
function routedAs(id: OperationId, articleId: number, key?: string): RoutedRequest {
  const operation = operations.find((candidate) => candidate.id === id);
  if (!operation) throw new Error(`no operation ${id}`);
  return { operation, articleId, ...(key === undefined ? {} : { key }) };
}

/** A read (4.1) or a list (4.5) of the article the target names, answered `status` with `body`. */
function seen(target: string, status: number, body: unknown): SeenAnswer {
  const articleId = Number(/\/(\d+)/.exec(target)?.[1]);
  const route = routedAs(target.includes('/comments') ? 'listComments' : 'readArticle', articleId);
  return { route, target, status, body: Buffer.from(JSON.stringify(body)), clean: true };
}

async function readFromMock(path: string): Promise<unknown> {
  return (await request(sample.app).get(path)).body as unknown;
}

test('takes in an article read and says nothing changed when the same read comes again', async () => {
  const recorder = new SiteRecorder();
  const article = await readFromMock('/admin/api/articles/1');
  expect(recorder.take(seen('/admin/api/articles/1', 200, article))).toEqual({ outcome: 'recorded' });
  expect(recorder.take(seen('/admin/api/articles/1', 200, article))).toEqual({ outcome: 'unchanged' });
  expect(recorder.fixture().articles.map((record) => record.id)).toEqual([articleOne?.id]);
});

test('skips an error answer, a success that is not the stated shape, and a body that is not JSON', () => {
  const recorder = new SiteRecorder();
  expect(recorder.take(seen('/admin/api/articles/1', 404, { message: 'Not Found' }))).toEqual({
    outcome: 'skipped',
    reason: 'answered 404',
  });
  expect(recorder.take(seen('/admin/api/articles/1', 200, {}))).toMatchObject({
    outcome: 'skipped',
    reason: expect.stringMatching(/^not the stated Article shape: /) as unknown,
  });
  const html = { ...seen('/admin/api/articles/1', 200, null), body: Buffer.from('<html></html>') };
  expect(recorder.take(html)).toEqual({ outcome: 'skipped', reason: 'a body that is not JSON' });
  expect(recorder.fixture().articles).toEqual([]);
  expect(recorder.summary('site.json')).toMatch(
    /^record: 0 answers recorded into site\.json; 3 skipped \(1 answered 404, 1 not the stated Article shape, 1 a body that is not JSON\)$/,
  );
});

test('skips an answer the recording could not load, and keeps what it had', async () => {
  const recorder = new SiteRecorder();
  const article = (await readFromMock('/admin/api/articles/1')) as Record<string, unknown>;
  expect(recorder.take(seen('/admin/api/articles/1', 200, article))).toEqual({ outcome: 'recorded' });
  // Valid JSON Schema "integer", but beyond the ids a fixture can name exactly.
  expect(recorder.take(seen('/admin/api/articles/1', 200, { ...article, id: 1e20 }))).toMatchObject({
    outcome: 'skipped',
    reason: expect.stringMatching(/^the recording would not load with it: .*integer id/) as unknown,
  });
  expect(recorder.fixture().articles.map((record) => record.id)).toEqual([1]);
  // Every record the refused answer touched is put back, its page's too.
  const pages = recorder.fixture().pages;
  const page = { ...(article.page as Record<string, unknown>), id: 2 ** 60 };
  expect(recorder.take(seen('/admin/api/articles/1', 200, { ...article, page }))).toMatchObject({ outcome: 'skipped' });
  expect(recorder.fixture().pages).toEqual(pages);
  expect(recorder.fixture().articles.map((record) => record.page_id)).toEqual([(article.page as { id: number }).id]);
});

test('takes in every page of a comment list', async () => {
  const recorder = new SiteRecorder();
  recorder.take(seen('/admin/api/articles/1', 200, await readFromMock('/admin/api/articles/1')));
  const list = (await readFromMock('/admin/api/site/articles/1/comments.json')) as unknown[];
  const address = '/admin/api/site/articles/1/comments.json';
  expect(recorder.take(seen(`${address}?page=1`, 200, list.slice(0, 2)))).toEqual({ outcome: 'recorded' });
  expect(recorder.take(seen(`${address}?page=2`, 200, list.slice(2)))).toEqual({ outcome: 'recorded' });
  expect(recorder.fixture().comments).toHaveLength(list.length);
});

test('takes a key removal out of the recorded article and counts it in the exit line', async () => {
  const recorder = new SiteRecorder();
  const key = '/admin/api/articles/1/data/tmp_key';
  recorder.take(seen('/admin/api/articles/1', 200, await readFromMock('/admin/api/articles/1')));
  const set = (await request(sample.app).put(key).send({ value: 1 })).body as unknown;
  const answered = (route: RoutedRequest, status: number, body?: unknown): SeenAnswer => ({
    route,
    target: key,
    status,
    ...(body === undefined ? {} : { body: Buffer.from(JSON.stringify(body)) }),
    clean: true,
  });
  expect(recorder.take(answered(routedAs('setDataKey', 1, 'tmp_key'), 200, set))).toEqual({ outcome: 'recorded' });
  expect(recorder.fixture().articles[0]?.data).toHaveProperty('tmp_key', 1);
  expect(recorder.take(answered(routedAs('deleteDataKey', 1, 'tmp_key'), 204))).toEqual({ outcome: 'recorded' });
  expect(recorder.fixture().articles[0]?.data).not.toHaveProperty('tmp_key');
  expect(recorder.take(answered(routedAs('deleteDataKey', 1, 'tmp_key'), 404))).toEqual({
    outcome: 'skipped',
    reason: 'answered 404',
  });
  expect(recorder.take(answered(routedAs('deleteDataKey', 2, 'other'), 204))).toMatchObject({ outcome: 'skipped' });
  expect(recorder.summary('site.json')).toBe(
    'record: 3 answers recorded into site.json; 2 skipped (1 answered 404, 1 a key removed from an article not recorded)',
  );
});
