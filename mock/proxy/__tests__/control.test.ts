/**
 * The proxy's control API is the mock's control table and journal routes: the journal filters and
 * streams as the mock's does, violations are listed and cleared, and another method or a path only
 * the mock serves answers as the table says.
 */
import { createApp } from '../..';
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
