/**
 * The proxy's control API is the mock's control table and journal routes: the journal filters and
 * streams as the mock's does, violations are listed and cleared, and another method or a path only
 * the mock serves answers as the table says.
 */
import { createApp } from '../../index';
import { closeAll, serve, startProxy } from './servers';

afterEach(closeAll);

async function proxyInFrontOfTheMock(): Promise<string> {
  const proxy = await startProxy({ upstream: await serve(createApp().app) });
  return proxy.url;
}

test('the journal takes the filter and says which parameter is wrong', async () => {
  const proxy = await proxyInFrontOfTheMock();
  await fetch(`${proxy}/admin/api/articles/1`);
  await fetch(`${proxy}/admin/api/articles/404`);
  const found = (await (await fetch(`${proxy}/__mock/journal?status=404`)).json()) as { status: number }[];
  expect(found.map((entry) => entry.status)).toEqual([404]);
  const wrong = await fetch(`${proxy}/__mock/journal?status=teapot`);
  expect(wrong.status).toBe(422);
  expect(((await wrong.json()) as { errors: Record<string, unknown> }).errors).toHaveProperty('status');
});

test('the journal streams each exchange as it passes', async () => {
  const proxy = await proxyInFrontOfTheMock();
  const stream = await fetch(`${proxy}/__mock/journal/stream?path=/admin/api/articles/1`);
  expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  await fetch(`${proxy}/admin/api/articles/1`);
  let text = '';
  while (!text.includes('event: entry')) text += new TextDecoder().decode((await reader.read()).value);
  await reader.cancel();
  expect(text).toContain('"/admin/api/articles/1"');
});

test.each([
  { method: 'POST', path: '/__mock/violations', status: 405, allow: 'GET, HEAD, DELETE' },
  { method: 'DELETE', path: '/__mock/journal', status: 405, allow: 'GET, HEAD' },
  { method: 'POST', path: '/__mock/journal/stream', status: 405, allow: 'GET, HEAD' },
  { method: 'PUT', path: '/__mock/fixture', status: 404, allow: null },
])('$method $path answers $status', async ({ method, path, status, allow }) => {
  const answer = await fetch(`${await proxyInFrontOfTheMock()}${path}`, { method });
  expect([answer.status, answer.headers.get('allow')]).toEqual([status, allow]);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
});

test('the journal keeps the bodies of each exchange, as the mock does', async () => {
  const proxy = await proxyInFrontOfTheMock();
  await fetch(`${proxy}/admin/api/articles/1/data/colour`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: '{"value":"teal"}',
  });
  const [entry] = (await (await fetch(`${proxy}/__mock/journal?method=PUT`)).json()) as {
    requestBody: unknown;
    responseBody: { data: Record<string, unknown> };
  }[];
  expect(entry?.requestBody).toEqual({ value: 'teal' });
  expect(entry?.responseBody.data.colour).toBe('teal');
});

test("a token the deployment echoes in its answer is masked in the journal's bodies", async () => {
  const upstream = await serve((_request, response) => {
    response.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"bad token client-token-123"}');
  });
  const proxy = await startProxy({ upstream });
  await fetch(`${proxy.url}/admin/api/articles/1`, { headers: { 'x-api-token': 'client-token-123' } });
  const journal = JSON.stringify(await (await fetch(`${proxy.url}/__mock/journal`)).json());
  expect(journal).toContain('bad token ***');
  expect(journal).not.toContain('client-token-123');
});

test('OPTIONS on a control path is a method the table does not give: 405', async () => {
  const answer = await fetch(`${await proxyInFrontOfTheMock()}/__mock/journal`, { method: 'OPTIONS' });
  expect([answer.status, answer.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
});

test('the workbench page names the deployment forwarded to, its path included and escaped as HTML', async () => {
  const upstream = `${await serve(createApp().app)}/a&b`;
  const proxy = await startProxy({ upstream });
  const page = await (await fetch(`${proxy.url}/__mock/`)).text();
  expect(page).toContain(`Forwarding to <code>${upstream.replace('&', '&amp;')}</code>`);
});
