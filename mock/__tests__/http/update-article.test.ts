/**
 * Interface section 4.2 over HTTP: only `data` changes, a sent `data` replaces the stored one
 * (the family's PUT), reserved `svc_` keys are kept, and ignored fields are named in a header.
 */
import { validateResponse } from 'site-articles-schemas/validation';
import { freshApp, putJson, readArticle } from './support';

const path = '/admin/api/articles/1';
const ignoredHeader = 'x-mock-ignored-fields';

describe('PUT /admin/api/articles/<id>', () => {
  it('replaces the stored non-reserved data with the data sent', async () => {
    const app = freshApp();
    const response = await putJson(app, path, { article: { data: { colour: 'teal', featured: false } } }).expect(200);
    const expected = { svc_import_source: 'legacy-blog', colour: 'teal', featured: false };
    expect((response.body as { data: unknown }).data).toEqual(expected);
    expect((await readArticle(app, 1)).data).toEqual(expected);
  });

  it('answers the updated article in the update answer shape', async () => {
    const response = await putJson(freshApp(), path, { article: { data: { a: 1 } } }).expect(200);
    expect(validateResponse('ArticleUpdateResponse', response.body, 'strict')).toEqual([]);
  });

  it('keeps reserved keys when the data sent leaves them out', async () => {
    const app = freshApp();
    await putJson(app, path, { article: { data: {} } }).expect(200);
    expect((await readArticle(app, 1)).data).toEqual({ svc_import_source: 'legacy-blog' });
  });

  it('neither changes nor creates reserved keys, and names them as ignored', async () => {
    const app = freshApp();
    const response = await putJson(app, path, {
      article: { data: { svc_import_source: 'mine', svc_new: 1, kept: true } },
    }).expect(200);
    expect((await readArticle(app, 1)).data).toEqual({ svc_import_source: 'legacy-blog', kept: true });
    expect(response.headers[ignoredHeader]).toBe('article.data.svc_import_source, article.data.svc_new');
  });

  it('changes no other attribute and names what it ignored', async () => {
    const app = freshApp();
    const before = await readArticle(app, 1);
    const payload = {
      title: 'outer',
      article: { title: 'New title', published: false, tag_names: [], data: { x: 1 } },
    };
    const response = await putJson(app, path, payload).expect(200);
    expect(response.headers[ignoredHeader]).toBe('title, article.title, article.published, article.tag_names');
    const after = await readArticle(app, 1);
    expect(after).toMatchObject({
      title: before.title,
      published: before.published,
      tag_names: before.tag_names,
      data: { x: 1 },
    });
  });

  it('sends no ignored-fields header when nothing was ignored', async () => {
    const response = await putJson(freshApp(), path, { article: { data: { x: 1 } } }).expect(200);
    expect(response.headers[ignoredHeader]).toBeUndefined();
  });

  it('leaves data as it was when the payload has no data', async () => {
    const app = freshApp();
    const before = await readArticle(app, 1);
    await putJson(app, path, { article: {} }).expect(200);
    expect((await readArticle(app, 1)).data).toEqual(before.data);
  });

  it('moves updated_at to the time of the update', async () => {
    const now = new Date('2030-05-06T07:08:09.010Z');
    const app = freshApp({ clock: () => now });
    const response = await putJson(app, path, { article: { data: {} } }).expect(200);
    expect((response.body as { updated_at: string }).updated_at).toBe(now.toISOString());
    expect((await readArticle(app, 1)).updated_at).toBe(now.toISOString());
  });

  it('moves updated_at forward even when two updates fall in one millisecond', async () => {
    const app = freshApp({ clock: () => new Date('2030-05-06T07:08:09.010Z') });
    const first = await putJson(app, path, { article: { data: {} } }).expect(200);
    const second = await putJson(app, path, { article: { data: {} } }).expect(200);
    expect((second.body as { updated_at: string }).updated_at > (first.body as { updated_at: string }).updated_at).toBe(
      true,
    );
  });

  it.each([
    ['no article envelope', { data: {} }, 'article'],
    ['data that is not an object', { article: { data: [1] } }, 'article.data'],
    ['an article that is not an object', { article: 'x' }, 'article'],
  ])('answers 422 naming the field for %s', async (_name, payload, field) => {
    const response = await putJson(freshApp(), path, payload).expect(422);
    expect(response.body).toMatchObject({
      message: 'Validation failed.',
      errors: { [field]: expect.any(Array) as unknown },
    });
  });

  it('answers 404 for an unknown article', async () => {
    await putJson(freshApp(), '/admin/api/articles/99', { article: { data: {} } }).expect(404, {
      message: 'Not found.',
    });
  });
});
