/** The suite's client follows a list's pages only where a target offers a `Link: rel="next"` (4.5 shows no paging). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from './client';
import { fetchAllPages } from './links';

describe('fetchAllPages', () => {
  let server: Server;
  let base = '';
  /** Page n answers the status at index n - 1 and links to page n + 1. */
  const statuses = [203, 206, 404, 200];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const page = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('page') ?? '1');
      response.writeHead(statuses[page - 1] ?? 200, {
        'Content-Type': 'application/json',
        Link: `</list?page=${page + 1}>; rel="next"`,
      });
      response.end(JSON.stringify([page]));
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((closed) => server.close(closed));
  });

  test('follows next links after any 2xx page and stops at the first other status', async () => {
    const { pages } = await fetchAllPages(new Client(base), '/list');
    expect(pages.map((page) => page.status)).toEqual([203, 206, 404]);
  });
});
