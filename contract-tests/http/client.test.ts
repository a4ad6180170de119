/** The suite's HTTP client: the token goes to the target only, and the answer is kept whole. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from './client';

const seen: IncomingHttpHeaders[] = [];
const servers: Server[] = [];

async function echoServer(): Promise<string> {
  const server = createServer((request, response) => {
    seen.push(request.headers);
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify({ method: request.method }));
  });
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((closed) => {
          server.closeAllConnections();
          server.close(closed);
        }),
    ),
  );
});

test('sends the token to the target, never to another host an answer points at', async () => {
  const [target, elsewhere] = [await echoServer(), await echoServer()];
  const client = new Client(`${target}/`, 'secret-token');
  const own = await client.send({ method: 'PUT', to: '/admin/api/articles/1/data/k', json: { value: 1 } });
  await client.send({ method: 'GET', to: `${elsewhere}/admin/api/articles/1/comments` });
  expect(seen.map((headers) => headers['x-api-token'])).toEqual(['secret-token', undefined]);
  expect(seen[0]?.['content-type']).toBe('application/json');
  expect(own).toMatchObject({ status: 200, json: { method: 'PUT' } });
  expect(own.curl).not.toContain('secret-token');
});

test('names the address and the cause when nothing answers', async () => {
  const client = new Client('http://127.0.0.1:9');
  await expect(client.send({ method: 'GET', to: '/admin/api/articles/1' })).rejects.toThrow(
    /GET http:\/\/127\.0\.0\.1:9\/admin\/api\/articles\/1 got no answer: fetch failed/,
  );
});
