/**
 * The generated `paths` (interface section 4) drive a real openapi-fetch client against the mock,
 * served by `createApp` on a loopback port: the six operations answer what their types promise.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import createClient, { type Client } from 'openapi-fetch';
import { createApp } from 'site-articles-mock';
import type { paths } from '../schemas/generated/types';

let server: Server;
let client: Client<paths>;
const path = { article_id: 1 };

beforeAll(async () => {
  server = createServer(createApp().app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = createClient<paths>({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('reads an article through the typed client', async () => {
  const { data, response } = await client.GET('/admin/api/articles/{article_id}', { params: { path } });
  expect(response.status).toBe(200);
  expect(data?.id).toBe(1);
  expect(data?.data).toHaveProperty('svc_import_source');
});

test('sets a data key, reads it back, and deletes it through the typed client', async () => {
  const key = { ...path, key: 'colour scheme' };
  const set = await client.PUT('/admin/api/articles/{article_id}/data/{key}', {
    params: { path: key },
    body: { value: { dark: true } },
  });
  expect(set.response.status).toBe(200);
  expect(set.data?.data['colour scheme']).toEqual({ dark: true });
  const read = await client.GET('/admin/api/articles/{article_id}', { params: { path } });
  expect(read.data?.data['colour scheme']).toEqual({ dark: true });
  const removed = await client.DELETE('/admin/api/articles/{article_id}/data/{key}', { params: { path: key } });
  expect(removed.response.status).toBe(204);
  const after = await client.GET('/admin/api/articles/{article_id}', { params: { path } });
  expect(after.data?.data).not.toHaveProperty('colour scheme');
});

test('updates an article data object through the typed client', async () => {
  const { data } = await client.PUT('/admin/api/articles/{article_id}', {
    params: { path: { article_id: 2 } },
    body: { article: { data: { theme: 'light' } } },
  });
  expect(data?.data).toEqual({ theme: 'light' });
});

test('posts a comment and finds it in the list through the typed client', async () => {
  const comments = '/admin/api/site/articles/{article_id}/comments.json';
  const before = await client.GET(comments, { params: { path } });
  const posted = await client.POST(comments, {
    params: { path },
    body: { comment: { author: 'Ann Typed', author_email: 'ann@example.com', body: 'Typed hello' } },
  });
  expect(posted.response.ok).toBe(true);
  const after = await client.GET(comments, { params: { path } });
  expect(after.data).toHaveLength((before.data?.length ?? 0) + 1);
  expect(after.data?.map((comment) => comment.body)).toContain('Typed hello');
});

test('an unknown article comes back as the typed error side, not as data', async () => {
  const { data, error, response } = await client.GET('/admin/api/articles/{article_id}', {
    params: { path: { article_id: 999_999 } },
  });
  expect(response.status).toBe(404);
  expect(data).toBeUndefined();
  expect(error).toHaveProperty('message');
});
