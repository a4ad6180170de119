/**
 * The security rules on a real listening mock (the node:http adapter `npm start` uses), each
 * attempt sent as a browser on another origin would send it. Chromium itself is driven in
 * browser.test.ts; these pin every rule down over plain HTTP.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, nodeListener, type MockOptions } from '../../index';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let server: Server;
let port: number;
let mock: ReturnType<typeof createApp>;

async function start(options: MockOptions = {}): Promise<void> {
  mock = createApp(options);
  server = createServer(nodeListener(mock));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
}

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (incoming) => {
      let text = '';
      incoming.on('data', (chunk: Buffer) => (text += chunk.toString()));
      incoming.on('end', () => {
        done({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: text });
      });
    });
    outgoing.on('error', fail);
    outgoing.end(body);
  });
}

const evil = { Origin: 'http://evil.example' };
const ownOrigin = (): Record<string, string> => ({ Origin: `http://127.0.0.1:${String(port)}` });
const json = { 'Content-Type': 'application/json' };

describe('on loopback, with no option set', () => {
  beforeEach(() => start());

  test('refuses a reset from another origin with 403 and keeps the data', async () => {
    await send('PUT', '/admin/api/articles/2/data/kept', json, '{"value":1}');
    const answer = await send('POST', '/__mock/reset', evil);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ message: expect.stringContaining('origin') as unknown });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(mock.state().articles.find((article) => article.id === 2)?.data).toEqual({ kept: 1 });
  });

  test('refuses a plain form post to the control API from another origin', async () => {
    const form = { ...evil, 'Content-Type': 'application/x-www-form-urlencoded' };
    expect((await send('POST', '/__mock/reset', form, 'a=b')).status).toBe(403);
    expect((await send('DELETE', '/__mock/faults', { Referer: 'http://evil.example/page' })).status).toBe(403);
  });

  test('allows no other origin to preflight or read the control API', async () => {
    const preflight = await send('OPTIONS', '/__mock/fixture', {
      ...evil,
      'Access-Control-Request-Method': 'PUT',
      'Access-Control-Request-Headers': 'content-type',
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const state = await send('GET', '/__mock/state', evil);
    expect(state.headers['access-control-allow-origin']).toBeUndefined();
    expect(state.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  test("takes changes from the mock's own page and from tools that state no origin", async () => {
    expect((await send('POST', '/__mock/reset', ownOrigin())).status).toBe(204);
    expect((await send('POST', '/__mock/reset')).status).toBe(204);
  });

  test('refuses every route to a Host it does not serve, naming the option', async () => {
    for (const path of ['/admin/api/articles/1', '/__mock/state', '/__mock/']) {
      const answer = await send('GET', path, { Host: 'evil.example' });
      expect(answer.status).toBe(403);
      expect((JSON.parse(answer.body) as { message: string }).message).toContain('--allowed-host');
    }
    expect((await send('GET', '/admin/api/articles/1', { Host: `localhost:${String(port)}` })).status).toBe(200);
  });

  test('serves the interface to a page on another origin, with CORS', async () => {
    const answer = await send(
      'PUT',
      '/admin/api/articles/2/data/x',
      { ...json, Origin: 'http://localhost:5173' },
      '{"value":2}',
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });
});

describe('with an allowed host name', () => {
  beforeEach(() => start({ security: { allowedHosts: ['mock.test'] } }));

  test('serves that name and builds its addresses from it', async () => {
    const answer = await send('GET', '/admin/api/articles/1', { Host: 'mock.test:8080' });
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as { url: string }).url).toBe('http://mock.test:8080/admin/api/articles/1');
  });
});

describe('with a control token (listening beyond loopback)', () => {
  beforeEach(() => start({ security: { listenHost: '0.0.0.0', allowedHosts: [], controlToken: 'c0ntrol' } }));

  test('refuses the control API without the token with 401, and serves it with the token', async () => {
    expect((await send('GET', '/__mock/state')).status).toBe(401);
    expect((await send('POST', '/__mock/reset', { 'X-Mock-Control-Token': 'nope' })).status).toBe(401);
    expect((await send('GET', '/__mock/state', { 'X-Mock-Control-Token': 'c0ntrol' })).status).toBe(200);
  });

  test('trades the token for a session cookie that opens the control API', async () => {
    const wrong = await send('POST', '/__mock/session', { ...json, ...ownOrigin() }, '{"token":"nope"}');
    expect(wrong.status).toBe(401);
    const session = await send('POST', '/__mock/session', { ...json, ...ownOrigin() }, '{"token":"c0ntrol"}');
    expect(session.status).toBe(204);
    const cookie = String(session.headers['set-cookie']?.[0]);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const state = await send('GET', '/__mock/state', { Cookie: cookie.split(';')[0] ?? '' });
    expect(state.status).toBe(200);
  });

  test('keeps the interface open without the control token', async () => {
    expect((await send('GET', '/admin/api/articles/1')).status).toBe(200);
  });
});
