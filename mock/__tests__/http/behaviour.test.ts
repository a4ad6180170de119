/**
 * The choices the interface leaves open (sections 7 and 8 "not shown"), made as the API family
 * makes them: JSON errors with `message`, 404/405/400/415/413/422/403, and sensible non-5xx
 * answers to odd but harmless requests.
 */
import request from 'supertest';
import { freshApp, jsonType, putJson } from './support';

describe('errors the interface leaves open', () => {
  it.each([
    '/admin/api/articles',
    '/admin/api/pages/1',
    '/admin/api/articles/1/contents',
    '/admin/api/articles/1/data',
  ])('answers 404 with a JSON message for the unknown route %s', async (path) => {
    const response = await request(freshApp()).get(path).expect(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ message: 'Not found.' });
  });

  it.each([
    ['PATCH', '/admin/api/articles/1', 'GET, HEAD, PUT'],
    ['DELETE', '/admin/api/articles/1', 'GET, HEAD, PUT'],
    ['POST', '/admin/api/articles/1', 'GET, HEAD, PUT'],
    ['GET', '/admin/api/articles/1/data/featured', 'PUT, DELETE'],
    ['POST', '/admin/api/articles/1/data/featured', 'PUT, DELETE'],
    ['PUT', '/admin/api/articles/1/comments', 'GET, HEAD, POST'],
    ['DELETE', '/admin/api/site/articles/1/comments.json', 'GET, HEAD, POST'],
    ['PATCH', '/admin/api/site/article/1/comments', 'GET, HEAD, POST'],
  ] as const)('answers 405 with Allow for %s %s', async (method, path, allow) => {
    const verb = method.toLowerCase() as Lowercase<typeof method>;
    const response = await request(freshApp())[verb](path).expect(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.body).toEqual({ message: 'Method not allowed.' });
  });

  it.each(['/admin/api/articles/1', '/admin/api/articles/1/data/x', '/admin/api/articles/1/comments'])(
    'answers 400 with a JSON message for malformed JSON sent to %s',
    async (path) => {
      const method = path.endsWith('comments') ? 'post' : 'put';
      const response = await request(freshApp())
        [method](path)
        .set('Content-Type', jsonType)
        .send('{"a": tru')
        .expect(400);
      expect((response.body as { message: string }).message).toMatch(/^Malformed JSON in the request body/);
    },
  );

  it.each(['/admin/api/articles/1', '/admin/api/articles/1/data/x'])(
    'answers 415 for a write to %s without the JSON content type',
    async (path) => {
      await request(freshApp())
        .put(path)
        .set('Content-Type', 'text/plain')
        .send('{}')
        .expect(415, { message: 'Content-Type must be application/json.' });
    },
  );

  it.each([
    ['/admin/api/articles/1', '{"article": {"data": {"colour": "teal"}}}'],
    ['/admin/api/articles/1/data/x', '{"value": "teal"}'],
  ])('answers 400 saying the body is missing for a write to %s without one, labelled or not', async (path, example) => {
    const message = `The request body is missing: send JSON with Content-Type: application/json, such as ${example}.`;
    await request(freshApp()).put(path).set('Content-Type', 'application/json').expect(400, { message });
    await request(freshApp()).put(path).expect(400, { message });
    await request(freshApp()).put(path).set('Content-Type', 'application/json').send('').expect(400, { message });
    // An empty body labelled as anything else is still a missing body, not a wrong type.
    await request(freshApp()).put(path).set('Content-Type', 'text/plain').send('').expect(400, { message });
  });

  it('answers 415 for a charset that JSON does not use', async () => {
    const response = await request(freshApp())
      .put('/admin/api/articles/1')
      .set('Content-Type', 'application/json; charset=latin1')
      .send('{}')
      .expect(415);
    expect(typeof (response.body as { message: unknown }).message).toBe('string');
  });

  it('answers 413 with a JSON message for a body over 1 MB', async () => {
    const payload = { article: { data: { text: 'x'.repeat(1_100_000) } } };
    await putJson(freshApp(), '/admin/api/articles/1', payload).expect(413, {
      message: 'Request body is too large: the limit is 1048576 bytes (1 MiB).',
    });
  });

  it('answers 422 with field-level errors for a payload of the wrong shape', async () => {
    const response = await putJson(freshApp(), '/admin/api/articles/1/data/x', []).expect(422);
    expect(response.body).toEqual({ message: 'Validation failed.', errors: { body: ['must be object'] } });
  });

  it('accepts and ignores payload fields the interface does not list', async () => {
    const response = await putJson(freshApp(), '/admin/api/articles/1/data/x', { value: 1, other: 2 }).expect(200);
    expect(response.body).toHaveProperty('data.x', 1);
    expect(response.body).not.toHaveProperty('data.other');
  });

  it('answers 403 with a JSON message naming a reserved key', async () => {
    const response = await request(freshApp()).delete('/admin/api/articles/1/data/svc_import_source').expect(403);
    expect(response.body).toEqual({ message: 'Data key "svc_import_source" is reserved and read-only.' });
  });
});

describe('odd requests', () => {
  it('answers OPTIONS without an Origin without an error', async () => {
    const response = await request(freshApp()).options('/admin/api/articles/1');
    expect(response.status).toBe(204);
  });

  it('answers HEAD on a comment list with its paging headers', async () => {
    const response = await request(freshApp()).head('/admin/api/articles/1/comments').expect(200);
    expect(response.headers['x-total-entries']).toBe('3');
  });

  it('answers 400 with a JSON message for malformed percent-encoding in an article id', async () => {
    const response = await request(freshApp()).get('/admin/api/articles/%ZZ').expect(400);
    expect(response.body).toEqual({ message: 'Malformed percent-encoding in the path.' });
  });

  it('answers 422, not 5xx, for malformed percent-encoding in a query', async () => {
    await request(freshApp()).get('/admin/api/articles/1/comments?page=%ZZ').expect(422);
  });

  it('answers an empty Host header with addresses of the listening socket', async () => {
    const response = await request(freshApp()).get('/admin/api/articles/1').set('Host', '').expect(200);
    expect((response.body as { url: string }).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });

  it('answers every error as JSON', async () => {
    const app = freshApp();
    const answers = await Promise.all([
      request(app).get('/nowhere'),
      request(app).patch('/admin/api/articles/1'),
      request(app).put('/admin/api/articles/1').set('Content-Type', jsonType).send('{'),
      request(app).put('/admin/api/articles/1').send('x'),
    ]);
    for (const answer of answers) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(typeof (answer.body as { message: unknown }).message).toBe('string');
    }
  });
});
