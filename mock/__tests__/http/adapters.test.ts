/**
 * Which adapter serves what. Under `npm start` (cli.ts listens with `nodeListener`) the routes of
 * section 4 are answered by the core directly and only the rest reaches the Express app; through
 * `createApp(...).app` the Express router answers them with the same core. A change that routed
 * the interface's requests through Express again would fail the first test.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { createApp, nodeListener, type MockApp } from '../../index';

async function listening(mock: MockApp, reachedExpress: string[]): Promise<{ server: Server; base: string }> {
  const app = (incoming: IncomingMessage, response: ServerResponse): void => {
    reachedExpress.push(`${incoming.method ?? ''} ${incoming.url ?? ''}`);
    mock.app(incoming, response);
  };
  const server = createServer(nodeListener({ core: mock.core, app }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('the node:http adapter', () => {
  let server: Server;
  let base: string;
  const reachedExpress: string[] = [];
  const mock = createApp({ token: 'adapter-token' });
  beforeAll(async () => {
    ({ server, base } = await listening(mock, reachedExpress));
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  );

  it('answers every operation of section 4 without handing the request to Express', async () => {
    const json = { 'Content-Type': 'application/json', 'X-API-TOKEN': 'adapter-token' };
    const comment = JSON.stringify({ comment: { author: 'A', author_email: 'a@example.com', body: 'Hi' } });
    const requests: [string, RequestInit][] = [
      ['/admin/api/articles/1', {}],
      ['/admin/api/articles/1', { method: 'PUT', headers: json, body: '{"article":{}}' }],
      ['/admin/api/articles/2/data/colour', { method: 'PUT', headers: json, body: '{"value":1}' }],
      ['/admin/api/articles/2/data/colour', { method: 'DELETE', headers: json }],
      ['/admin/api/site/articles/1/comments.json', {}],
      ['/admin/api/site/articles/3/comments.json', { method: 'POST', headers: json, body: comment }],
      ['/admin/api/articles/1', { method: 'PATCH' }],
      ['/admin/api/articles/1', { method: 'OPTIONS', headers: { Origin: 'http://localhost:5173' } }],
    ];
    const statuses: number[] = [];
    for (const [path, init] of requests) statuses.push((await fetch(`${base}${path}`, init)).status);
    expect(statuses).toEqual([200, 200, 200, 204, 200, 200, 405, 204]);
    expect(reachedExpress).toEqual([]);
  });

  it('hands the control API and unknown paths to the Express app', async () => {
    reachedExpress.length = 0;
    const statuses = [(await fetch(`${base}/__mock/faults`)).status, (await fetch(`${base}/elsewhere`)).status];
    expect(statuses).toEqual([200, 404]);
    expect(reachedExpress).toEqual(['GET /__mock/faults', 'GET /elsewhere']);
  });
});

describe('the Express adapter', () => {
  it('answers the operations with the same core when the app is mounted under a prefix', async () => {
    const mock = createApp();
    const handled = jest.spyOn(mock.core, 'handle');
    const parent = express().use('/mock', mock.app);
    const response = await request(parent).get('/mock/admin/api/articles/1').expect(200);
    expect((response.body as { id: number }).id).toBe(1);
    expect(handled).toHaveBeenCalledTimes(1);
  });
});
