/**
 * The proxy under the local server's security rules (security/request-guard.ts): while it adds a real
 * deployment's token, only the `--cors-origin` origins reach the API from a page; its control API
 * takes no change from another origin; an unknown Host is refused before anything is forwarded.
 */
import { request as httpRequest } from 'node:http';
import { createApp } from '../../index';
import { closeAll, serve, startProxy } from './servers';

afterEach(closeAll);

const article = '/admin/api/articles/1';

async function proxyWithToken(): Promise<Awaited<ReturnType<typeof startProxy>>> {
  const upstream = await serve(createApp({ token: 'real-token' }).app);
  return startProxy({
    upstream,
    token: 'real-token',
    security: { allowedHosts: [], apiOrigins: ['http://localhost:5173'] },
  });
}

const write = (url: string, origin: string): Promise<Response> =>
  fetch(`${url}${article}/data/x`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin },
    body: '{"value":1}',
  });

test('refuses a page of an origin not given with --cors-origin, before forwarding with the token', async () => {
  const proxy = await proxyWithToken();
  const answer = await write(proxy.url, 'http://evil.example');
  expect(answer.status).toBe(403);
  expect(((await answer.json()) as { message: string }).message).toContain('--cors-origin');
  expect(proxy.journal.list().map((entry) => [entry.status, entry.responseBody])).toEqual([
    [403, { message: expect.stringContaining('--cors-origin') as unknown }],
  ]);
});

test('forwards for a page of an allowed origin, and for tools that state no origin', async () => {
  const proxy = await proxyWithToken();
  expect((await write(proxy.url, 'http://localhost:5173')).status).toBe(200);
  expect((await fetch(`${proxy.url}${article}`)).status).toBe(200);
});

test("refuses a change to the proxy's control API from another origin", async () => {
  const proxy = await proxyWithToken();
  const answer = await fetch(`${proxy.url}/__mock/violations`, {
    method: 'DELETE',
    headers: { origin: 'http://evil.example' },
  });
  expect(answer.status).toBe(403);
});

test('refuses a Host it does not serve', async () => {
  const proxy = await proxyWithToken();
  const { port } = new URL(proxy.url);
  const status = await new Promise<number>((done, fail) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, path: article, headers: { host: 'evil.example' } },
      (in_) => {
        in_.resume();
        done(in_.statusCode ?? 0);
      },
    );
    outgoing.on('error', fail);
    outgoing.end();
  });
  expect(status).toBe(403);
});
