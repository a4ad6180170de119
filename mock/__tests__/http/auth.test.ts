/**
 * Authentication, not shown by the interface (section 5), as the API family does it: off by
 * default; with a token, writes need `X-API-TOKEN` or `?api_token=`; reads stay anonymous.
 */
import request from 'supertest';
import type { Express } from 'express';
import { aComment, freshApp, jsonType, origin } from './support';

const token = 's3cret-token';

/** Each write of section 4; `query` is appended to its address. */
const writes: [string, (app: Express, query?: string) => request.Test][] = [
  [
    'update an article',
    (app, query = '') =>
      request(app).put(`/admin/api/articles/1${query}`).set('Content-Type', jsonType).send('{"article":{"data":{}}}'),
  ],
  [
    'set a data key',
    (app, query = '') =>
      request(app).put(`/admin/api/articles/1/data/x${query}`).set('Content-Type', jsonType).send('{"value":1}'),
  ],
  ['remove a data key', (app, query = '') => request(app).delete(`/admin/api/articles/1/data/featured${query}`)],
  [
    'post a comment',
    (app, query = '') =>
      request(app)
        .post(`/admin/api/articles/1/comments${query}`)
        .set('Content-Type', jsonType)
        .send(JSON.stringify(aComment)),
  ],
];

describe('without a token configured', () => {
  it.each(writes)('lets anyone %s', async (_name, send) => {
    const response = await send(freshApp());
    expect([200, 204]).toContain(response.status);
  });
});

describe('with a token configured', () => {
  it.each(writes)('answers 401 Unauthorized. to %s without a token', async (_name, send) => {
    await send(freshApp({ token })).expect(401, { message: 'Unauthorized.' });
  });

  it.each(writes)('answers 401 to %s with a wrong token', async (_name, send) => {
    await send(freshApp({ token })).set('X-API-TOKEN', 'wrong').expect(401, { message: 'Unauthorized.' });
  });

  it.each(writes)('lets a client %s with X-API-TOKEN', async (_name, send) => {
    const response = await send(freshApp({ token })).set('X-API-TOKEN', token);
    expect([200, 204]).toContain(response.status);
  });

  it.each(writes)('lets a client %s with ?api_token=', async (_name, send) => {
    const response = await send(freshApp({ token }), `?api_token=${token}`);
    expect([200, 204]).toContain(response.status);
  });

  it('changes nothing on a refused write', async () => {
    const app = freshApp({ token });
    await request(app).delete('/admin/api/articles/1/data/featured').expect(401);
    const article = await request(app).get('/admin/api/articles/1').expect(200);
    expect(article.body).toHaveProperty('data.featured', true);
  });

  it.each(['/admin/api/articles/1', '/admin/api/articles/1/comments', '/admin/api/site/articles/1/comments.json'])(
    'answers the read %s anonymously',
    async (path) => {
      await request(freshApp({ token })).get(path).expect(200);
    },
  );

  it('lets a browser read the 401 answer', async () => {
    const response = await request(freshApp({ token }))
      .delete('/admin/api/articles/1/data/featured')
      .set('Origin', origin)
      .expect(401);
    expect(response.headers['access-control-allow-origin']).toBe(origin);
  });
});
