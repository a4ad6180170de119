/**
 * The control API under `/__mock` and the same controls on the object `createApp` returns: reset,
 * load another fixture (checked first), read the whole state, read a bounded journal, set faults.
 */
import request from 'supertest';
import { createApp, FixtureError, type SiteFixture } from '../../index';
import { freshApp, jsonType, putJson, readArticle, sampleSite } from './support';

/** The sample site with only article 2 and its page, language and author. */
function smallSite(): SiteFixture {
  const site = sampleSite();
  return {
    ...site,
    articles: site.articles.filter((article) => article.id === 2),
    comments: site.comments.filter((comment) => comment.article_id === 2),
  };
}

function brokenSite(): SiteFixture {
  const site = sampleSite();
  const third = site.articles[2];
  if (third) (third as unknown as Record<string, unknown>).title = 5;
  return site;
}

describe('control API over HTTP', () => {
  it('answers the whole state, with the changes made so far', async () => {
    const app = freshApp();
    await request(app).delete('/admin/api/articles/1/data/featured').expect(204);
    const state = (await request(app).get('/__mock/state').expect(200)).body as SiteFixture;
    expect(state.articles.map((article) => article.id)).toEqual([1, 2, 3, 4, 5]);
    expect(state.articles[0]?.data).not.toHaveProperty('featured');
    expect(state.comments[0]).toHaveProperty('author_email');
  });

  it('resets the site to its fixture', async () => {
    const app = freshApp();
    await request(app).delete('/admin/api/articles/1/data/featured').expect(204);
    await request(app).post('/__mock/reset').expect(204);
    expect((await readArticle(app, 1)).data).toHaveProperty('featured', true);
  });

  it('loads another fixture, which later resets go back to', async () => {
    const app = freshApp();
    await putJson(app, '/__mock/fixture', smallSite()).expect(204);
    await request(app).get('/admin/api/articles/1').expect(404);
    await request(app).delete('/admin/api/articles/2/data/anything').expect(404);
    await putJson(app, '/admin/api/articles/2/data/x', { value: 1 }).expect(200);
    await request(app).post('/__mock/reset').expect(204);
    expect((await readArticle(app, 2)).data).toEqual({});
    await request(app).get('/admin/api/articles/1').expect(404);
  });

  it('answers 422 naming the fixture, the article and the field of a bad fixture, and keeps the site', async () => {
    const app = freshApp();
    const response = await putJson(app, '/__mock/fixture', brokenSite()).expect(422);
    const [problem] = (response.body as { errors: { fixture: string[] } }).errors.fixture;
    expect(problem).toMatch(/^the fixture: article 3:/);
    expect(problem).toContain('/title: must be string');
    await request(app).get('/admin/api/articles/1').expect(200);
  });

  it('names a refused fixture by the name its sender gives with ?name=, as the workbench gives its file’s', async () => {
    const response = await putJson(freshApp(), '/__mock/fixture?name=broken.json', brokenSite()).expect(422);
    const [problem] = (response.body as { errors: { fixture: string[] } }).errors.fixture;
    expect(problem).toMatch(/^broken\.json: article 3:/);
    expect(problem).toContain('/title: must be string');
  });

  it.each([
    ['a null comment', { pages: [], languages: [], people: [], articles: [], comments: [null] }],
    ['a null article', { pages: [], languages: [], people: [], articles: [null], comments: [] }],
    ['a null page', { pages: [null], languages: [], people: [], articles: [], comments: [] }],
  ])('answers 422, never 500, to a fixture with %s', async (_name, site) => {
    const response = await putJson(freshApp(), '/__mock/fixture', site).expect(422);
    expect((response.body as { errors: { fixture: string[] } }).errors.fixture[0]).toMatch(
      /^the fixture: entry 0 of "\w+" must be an object$/,
    );
  });

  it('answers 415 for a fixture that is not JSON and 400 for malformed JSON', async () => {
    const app = freshApp();
    await request(app).put('/__mock/fixture').set('Content-Type', 'text/plain').send('{}').expect(415);
    await request(app).put('/__mock/fixture').set('Content-Type', jsonType).send('{"pages": [').expect(400);
  });

  it('lists recent requests oldest first, with method, path, status and time', async () => {
    const app = freshApp();
    await request(app).get('/admin/api/articles/1').expect(200);
    await request(app).get('/admin/api/articles/99').expect(404);
    const journal = (await request(app).get('/__mock/journal').expect(200)).body as Record<string, unknown>[];
    expect(journal.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: 'GET', path: '/admin/api/articles/1', status: 200 },
      { method: 'GET', path: '/admin/api/articles/99', status: 404 },
    ]);
    expect(journal[0]).toEqual(
      expect.objectContaining({ at: expect.any(String) as unknown, ms: expect.any(Number) as unknown }),
    );
  });

  it('keeps only the most recent requests in the journal', async () => {
    const app = freshApp({ journalSize: 2 });
    for (const id of [1, 2, 3]) await request(app).get(`/admin/api/articles/${id}`).expect(200);
    const journal = (await request(app).get('/__mock/journal').expect(200)).body as { path: string }[];
    expect(journal.map((entry) => entry.path)).toEqual(['/admin/api/articles/2', '/admin/api/articles/3']);
  });

  it('never keeps a token in the journal', async () => {
    const app = freshApp({ token: 'secret-token' });
    await putJson(app, '/admin/api/articles/1/data/x?api_token=secret-token', { value: 1 }).expect(200);
    const response = await request(app).get('/__mock/journal').expect(200);
    expect(response.text).not.toContain('secret-token');
  });

  it('sets, answers and clears faults', async () => {
    const app = freshApp();
    const faults = { delayMs: [1, 2], failure: { status: 502, rate: 0.5, operation: 'postComment' } };
    await putJson(app, '/__mock/faults', faults).expect(200, faults);
    await request(app).get('/__mock/faults').expect(200, faults);
    await request(app).delete('/__mock/faults').expect(204);
    await request(app).get('/__mock/faults').expect(200, {});
  });

  it('answers 422 naming every bad fault field', async () => {
    const response = await putJson(freshApp(), '/__mock/faults', {
      delayMs: -1,
      failure: { status: 200, rate: 2, operation: 'nope' },
    }).expect(422);
    expect(Object.keys((response.body as { errors: object }).errors).sort()).toEqual([
      'delayMs',
      'failure.operation',
      'failure.rate',
      'failure.status',
    ]);
  });

  it('needs no token and suffers no faults', async () => {
    const app = freshApp({ token: 't', faults: { failure: { status: 503, rate: 1 } } });
    await request(app).post('/__mock/reset').expect(204);
    await request(app).get('/__mock/state').expect(200);
    await request(app).get('/admin/api/articles/1').expect(503);
  });

  it.each([
    ['delete', '/__mock/state', 'GET, HEAD'],
    ['get', '/__mock/reset', 'POST'],
    ['post', '/__mock/fixture', 'PUT'],
    ['patch', '/__mock/faults', 'GET, HEAD, PUT, DELETE'],
    ['options', '/__mock/state', 'GET, HEAD'],
    ['post', '/__mock/journal/stream', 'GET, HEAD'],
    ['get', '/__mock/session', 'POST'],
  ] as const)('answers 405 with Allow to %s %s', async (method, path, allow) => {
    const response = await request(freshApp())[method](path).expect(405);
    expect(response.headers.allow).toBe(allow);
  });

  it('answers 404 for an unknown control route', async () => {
    await request(freshApp()).get('/__mock/nothing').expect(404, { message: 'Not found.' });
  });
});

describe('controls on the createApp object', () => {
  it('resets, loads, reports state and journal like the HTTP controls', async () => {
    const mock = createApp();
    await request(mock.app).delete('/admin/api/articles/1/data/featured').expect(204);
    expect(mock.state().articles[0]?.data).not.toHaveProperty('featured');
    expect(mock.journal().map((entry) => entry.status)).toEqual([204]);
    mock.reset();
    expect(mock.journal()).toEqual([]);
    expect((await readArticle(mock.app, 1)).data).toHaveProperty('featured', true);
    mock.loadFixture(smallSite(), 'small.json');
    expect(mock.state().articles.map((article) => article.id)).toEqual([2]);
    await request(mock.app).get('/admin/api/articles/1').expect(404);
  });

  it('throws a FixtureError naming the source, the article and the field, and keeps the site', () => {
    const mock = createApp();
    expect(() => {
      mock.loadFixture(brokenSite(), 'broken.json');
    }).toThrow(FixtureError);
    expect(() => {
      mock.loadFixture(brokenSite(), 'broken.json');
    }).toThrow(/^broken\.json: article 3:\n {2}\/title: must be string/);
    expect(mock.state().articles).toHaveLength(5);
  });

  it('sets faults that the next requests see', async () => {
    const mock = createApp();
    mock.setFaults({ failure: { status: 500, rate: 1 } });
    expect(mock.faults()).toEqual({ failure: { status: 500, rate: 1 } });
    await request(mock.app).get('/admin/api/articles/1').expect(500);
    mock.setFaults({});
    await request(mock.app).get('/admin/api/articles/1').expect(200);
  });

  it('gives a state that loads back into the same site', async () => {
    const mock = createApp();
    await putJson(mock.app, '/admin/api/articles/1/data/x', { value: [1] }).expect(200);
    const state = mock.state();
    const copy = createApp({ fixture: state });
    expect(copy.state()).toEqual(state);
  });
});
