/**
 * Which adapter serves what. Under `npm start` (cli.ts listens with `nodeListener`) every request,
 * the interface's, the control API's and unknown ones alike, goes to the core; through
 * `createApp(...).app` the Express app hands its requests to the same core, mounted or not.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { createApp, nodeListener } from '../../index';

describe('the node:http adapter', () => {
  let server: Server;
  let base: string;
  const mock = createApp({ token: 'adapter-token' });
  const handled = jest.spyOn(mock.core, 'handle');
  beforeAll(async () => {
    server = createServer(nodeListener(mock));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  );

  it('hands every request to the core: the operations of section 4, the control API and unknown paths', async () => {
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
      ['/__mock/faults', {}],
      ['/__mock/assets/main.js', {}],
      ['/elsewhere', {}],
    ];
    const statuses: number[] = [];
    for (const [path, init] of requests) statuses.push((await fetch(`${base}${path}`, init)).status);
    expect(statuses).toEqual([200, 200, 200, 204, 200, 200, 405, 204, 200, 200, 404]);
    expect(handled).toHaveBeenCalledTimes(requests.length);
  });
});

describe('the Express adapter', () => {
  it('answers the operations and the control API with the same core when the app is mounted under a prefix', async () => {
    const mock = createApp();
    const handled = jest.spyOn(mock.core, 'handle');
    const parent = express().use('/mock', mock.app);
    const response = await request(parent).get('/mock/admin/api/articles/1').expect(200);
    expect((response.body as { id: number }).id).toBe(1);
    await request(parent).get('/mock/__mock/state').expect(200);
    const page = await request(parent).get('/mock/__mock').expect(302);
    expect(page.headers.location).toBe('/mock/__mock/');
    expect(handled).toHaveBeenCalledTimes(3);
  });
});
