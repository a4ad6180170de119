/**
 * Interface sections 4.3 and 4.4 over HTTP: set one data key to any JSON value under any
 * non-reserved URL-encoded key, and remove one with `204` and an empty body.
 */
import request from 'supertest';
import { validateResponse } from 'site-articles-schemas/validation';
import { freshApp, jsonType, putJson, readArticle } from './support';

const keyPath = (key: string, id = 1): string => `/admin/api/articles/${id}/data/${encodeURIComponent(key)}`;

describe('PUT /admin/api/articles/<id>/data/<key>', () => {
  it.each([
    ['a string', 'hello'],
    ['a number', 42.5],
    ['a boolean', false],
    ['null', null],
    ['an array', [1, 'two', { three: 3 }]],
    ['an object', { nested: { deep: [true] } }],
  ])('stores %s and keeps every other key', async (_name, value) => {
    const app = freshApp();
    const before = await readArticle(app, 1);
    const response = await putJson(app, keyPath('colour'), { value }).expect(200);
    expect((response.body as { data: unknown }).data).toEqual({ ...before.data, colour: value });
    expect((await readArticle(app, 1)).data).toEqual({ ...before.data, colour: value });
  });

  it('updates a key that is already there', async () => {
    const app = freshApp();
    await putJson(app, keyPath('reading_minutes'), { value: 9 }).expect(200);
    expect((await readArticle(app, 1)).data.reading_minutes).toBe(9);
  });

  it('answers the article with language.url and author.url', async () => {
    const response = await putJson(freshApp(), keyPath('colour'), { value: 'teal' }).expect(200);
    expect(validateResponse('DataKeyResponse', response.body, 'strict')).toEqual([]);
    expect(response.body).toMatchObject({
      language: { url: expect.stringMatching(/\/admin\/api\/languages\/1$/) as unknown },
      author: { url: expect.stringMatching(/\/admin\/api\/people\/1$/) as unknown },
    });
  });

  it('moves updated_at', async () => {
    const app = freshApp();
    const before = await readArticle(app, 1);
    await putJson(app, keyPath('colour'), { value: 1 }).expect(200);
    expect((await readArticle(app, 1)).updated_at > before.updated_at).toBe(true);
  });

  it.each([
    ['a space', 'two words'],
    ['dots', 'seo.meta.title'],
    ['unicode', 'über-Überschrift 見出し ✓'],
    ['an encoded slash', 'a/b'],
    ['a percent sign', '100%'],
    ['a prototype name', '__proto__'],
    ['an upper-case marker', 'SVC_not_reserved'],
  ])('accepts a key with %s', async (_name, key) => {
    const app = freshApp();
    await putJson(app, keyPath(key), { value: 'set' }).expect(200);
    const data = (await readArticle(app, 1)).data;
    expect(Object.getOwnPropertyDescriptor(data, key)?.value).toBe('set');
  });

  it.each(['svc_import_source', 'svc_new'])('answers 403 for the reserved key %s and stores nothing', async (key) => {
    const app = freshApp();
    const response = await putJson(app, keyPath(key), { value: 'mine' }).expect(403);
    expect((response.body as { message: string }).message).toContain(key);
    expect((await readArticle(app, 1)).data.svc_import_source).toBe('legacy-blog');
    expect((await readArticle(app, 1)).data).not.toHaveProperty('svc_new');
  });

  it('answers 403 for a reserved key whose marker is percent-encoded', async () => {
    await putJson(freshApp(), '/admin/api/articles/1/data/svc%5Fimport_source', { value: 1 }).expect(403);
  });

  it('answers 422 when the payload has no value', async () => {
    const response = await putJson(freshApp(), keyPath('colour'), { colour: 'teal' }).expect(422);
    expect(response.body).toMatchObject({ errors: { value: ['is required but missing'] } });
  });

  it('answers 400 with a JSON message for malformed percent-encoding in the key', async () => {
    const response = await putJson(freshApp(), '/admin/api/articles/1/data/%E0%A4%A', { value: 1 }).expect(400);
    expect(typeof (response.body as { message: unknown }).message).toBe('string');
  });

  it('answers 404 for an unknown article', async () => {
    await putJson(freshApp(), keyPath('colour', 99), { value: 1 }).expect(404, { message: 'Not found.' });
  });
});

describe('DELETE /admin/api/articles/<id>/data/<key>', () => {
  it('answers 204 with an empty body and removes only that key', async () => {
    const app = freshApp();
    const before = await readArticle(app, 1);
    const response = await request(app).delete(keyPath('featured')).expect(204);
    expect(response.text).toBe('');
    expect(response.headers['content-type']).toBeUndefined();
    const { featured: _gone, ...rest } = before.data;
    expect((await readArticle(app, 1)).data).toEqual(rest);
  });

  it('removes a key set under an encoded slash, space and unicode', async () => {
    const app = freshApp();
    const key = 'a/b c ü';
    await putJson(app, keyPath(key), { value: 1 }).expect(200);
    await request(app).delete(keyPath(key)).expect(204);
    expect((await readArticle(app, 1)).data).not.toHaveProperty([key]);
  });

  it('ignores a JSON body sent with the request', async () => {
    const app = freshApp();
    await request(app).delete(keyPath('featured')).set('Content-Type', jsonType).send('{"value": 1}').expect(204);
    await request(app).delete(keyPath('reading_minutes')).set('Content-Type', jsonType).send('{not json').expect(204);
  });

  it('answers 403 for a reserved key and keeps it', async () => {
    const app = freshApp();
    await request(app).delete(keyPath('svc_import_source')).expect(403);
    expect((await readArticle(app, 1)).data.svc_import_source).toBe('legacy-blog');
  });

  it('answers 404 with a JSON message for a key that is not there', async () => {
    const response = await request(freshApp()).delete(keyPath('never-set')).expect(404);
    expect((response.body as { message: string }).message).toContain('never-set');
  });

  it('answers 404 for an unknown article', async () => {
    await request(freshApp()).delete(keyPath('featured', 99)).expect(404, { message: 'Not found.' });
  });

  it('answers 400 with a JSON message for malformed percent-encoding in the key', async () => {
    const response = await request(freshApp()).delete('/admin/api/articles/1/data/%').expect(400);
    expect(typeof (response.body as { message: unknown }).message).toBe('string');
  });
});
