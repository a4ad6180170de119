/**
 * Latency and faults, for a UI's loading and error states: a fixed or random delay, and an error
 * status for a share of requests or for one operation, from options and from the control API.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp, nodeListener } from '../../index';
import { plainJsonRequest } from '../../core/plain';
import { aComment, freshApp, postJson, putJson } from './support';

async function timed(test: request.Test): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await test;
  return { status: response.status, ms: performance.now() - started };
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('latency', () => {
  it('waits a fixed delay before answering', async () => {
    const { status, ms } = await timed(request(freshApp({ faults: { delayMs: 40 } })).get('/admin/api/articles/1'));
    expect(status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(38);
  });

  it('waits a random delay drawn from the range', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    const { ms } = await timed(request(freshApp({ faults: { delayMs: [20, 60] } })).get('/admin/api/articles/1'));
    expect(ms).toBeGreaterThanOrEqual(38);
  });

  it('takes a delay set through the control API', async () => {
    const app = freshApp();
    await putJson(app, '/__mock/faults', { delayMs: 40 }).expect(200);
    expect((await timed(request(app).get('/admin/api/articles/1/comments'))).ms).toBeGreaterThanOrEqual(38);
  });
});

describe('a delay whose client goes away', () => {
  it('ends at once: the answer is made (and journalled) then, not a minute later', async () => {
    const mock = createApp({ faults: { delayMs: 60_000 } });
    const server = createServer(nodeListener(mock));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const leaving = new AbortController();
    const arrived = new Promise((resolve) => server.once('request', resolve));
    const abandoned = fetch(`http://127.0.0.1:${String(port)}/admin/api/articles/2`, { signal: leaving.signal });
    await arrived;
    leaving.abort();
    await expect(abandoned).rejects.toThrow();
    const started = performance.now();
    while (mock.journal().length === 0 && performance.now() - started < 10_000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
    const [entry] = mock.journal();
    expect([entry?.path, entry?.status]).toEqual(['/admin/api/articles/2', 200]);
    expect(entry?.ms).toBeLessThan(10_000);
  });
  it('ends at once for a client gone before it began, and the write is applied as it would have been', async () => {
    const mock = createApp({ faults: { delayMs: 60_000 } });
    const gone = {
      ...plainJsonRequest('PUT', '/admin/api/articles/2/data/left', { value: 1 }, { host: '127.0.0.1:4010' }),
      onClientGone: (callback: () => void) => {
        callback();
        return () => undefined;
      },
    };
    expect((await mock.core.handle(gone)).status).toBe(200);
    expect(mock.state().articles.find((article) => article.id === 2)?.data).toMatchObject({ left: 1 });
  });
});

describe('injected failures', () => {
  it('answers the chosen status with a JSON message for every request at rate 1', async () => {
    const app = freshApp({ faults: { failure: { status: 503, rate: 1 } } });
    const response = await request(app).get('/admin/api/articles/1').expect(503);
    expect(response.body).toEqual({ message: 'Fault injected by the mock (status 503).' });
    await postJson(app, '/admin/api/articles/1/comments', aComment).expect(503);
  });

  it('fails the drawn share of requests and serves the rest', async () => {
    jest.spyOn(Math, 'random').mockReturnValueOnce(0.2).mockReturnValueOnce(0.7).mockReturnValueOnce(0.49);
    const app = freshApp({ faults: { failure: { status: 500, rate: 0.5 } } });
    const statuses = [];
    for (let count = 0; count < 3; count += 1) statuses.push((await request(app).get('/admin/api/articles/1')).status);
    expect(statuses).toEqual([500, 200, 500]);
  });

  it('fails nothing at rate 0', async () => {
    const app = freshApp({ faults: { failure: { status: 500, rate: 0 } } });
    for (let count = 0; count < 5; count += 1) await request(app).get('/admin/api/articles/1').expect(200);
  });

  it('fails only the chosen operation', async () => {
    const app = freshApp();
    await putJson(app, '/__mock/faults', { failure: { status: 429, rate: 1, operation: 'postComment' } }).expect(200);
    await postJson(app, '/admin/api/site/articles/1/comments.json', aComment).expect(429);
    await request(app).get('/admin/api/site/articles/1/comments.json').expect(200);
    await request(app).get('/admin/api/articles/1').expect(200);
  });

  it('stores nothing when a write fails', async () => {
    const app = freshApp({ faults: { failure: { status: 503, rate: 1, operation: 'setDataKey' } } });
    await putJson(app, '/admin/api/articles/1/data/x', { value: 1 }).expect(503);
    const article = await request(app).get('/admin/api/articles/1').expect(200);
    expect(article.body).not.toHaveProperty('data.x');
  });

  it('stops failing once the faults are cleared', async () => {
    const app = freshApp({ faults: { failure: { status: 503, rate: 1 } } });
    await request(app).delete('/__mock/faults').expect(204);
    await request(app).get('/admin/api/articles/1').expect(200);
  });
});

describe('faults per operation', () => {
  it('delays only the operation given its own delay', async () => {
    // Told by order, not by a clock: the article is answered while the delayed list is still held.
    const app = freshApp({ faults: { operations: { listComments: { delayMs: 1_500 } } } });
    const answered: string[] = [];
    const comments = timed(request(app).get('/admin/api/articles/1/comments')).finally(() => answered.push('comments'));
    await request(app).get('/admin/api/articles/1').expect(200);
    answered.push('article');
    expect((await comments).ms).toBeGreaterThanOrEqual(1_490);
    expect(answered).toEqual(['article', 'comments']);
  });

  it('fails only the operation given its own failure, set through the control API', async () => {
    const app = freshApp();
    await putJson(app, '/__mock/faults', { operations: { readArticle: { failure: { status: 502, rate: 1 } } } }).expect(
      200,
    );
    await request(app).get('/admin/api/articles/1').expect(502);
    await request(app).get('/admin/api/articles/1/comments').expect(200);
  });

  it("uses an operation's own failure instead of the global one, and the global one for the others", async () => {
    const app = freshApp({
      faults: { failure: { status: 503, rate: 1 }, operations: { readArticle: { failure: { status: 500, rate: 0 } } } },
    });
    await request(app).get('/admin/api/articles/1').expect(200);
    await request(app).get('/admin/api/articles/1/comments').expect(503);
  });

  it('answers 422 naming each bad per-operation field by its path', async () => {
    const response = await putJson(freshApp(), '/__mock/faults', {
      operations: { readArticle: { delayMs: -1, failure: { status: 200, rate: 2 } }, deleteEverything: {} },
    }).expect(422);
    expect(Object.keys((response.body as { errors: object }).errors).sort()).toEqual([
      'operations.deleteEverything',
      'operations.readArticle.delayMs',
      'operations.readArticle.failure.rate',
      'operations.readArticle.failure.status',
    ]);
  });
});
