/**
 * The MSW handlers given a base address, in one process with `createApp` served on 127.0.0.1 (as
 * docs/msw.md and docs/in-your-tests.md combine them): the handlers answer at their address only,
 * so the local server's requests reach it, and its faults apply there; without `baseUrl` the
 * handlers answer at any origin and take the local server's requests too.
 */
import { setupServer } from 'msw/node';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, nodeListener } from '../../index';
import { createHandlers } from '../../msw';

const api = 'https://api.example.com';
const local = createApp();
const server = createServer(nodeListener(local));
let localBase = '';

/** Requests to the local server pass MSW untouched; any other request no handler takes fails. */
const bypassLoopback = {
  onUnhandledRequest: (request: Request, print: { error(): void }) => {
    if (new URL(request.url).hostname !== '127.0.0.1') print.error();
  },
};

beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  localBase = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterEach(() => {
  local.setFaults({});
});
afterAll(
  () =>
    new Promise<void>((done) =>
      server.close(() => {
        done();
      }),
    ),
);

const statusAt = async (base: string): Promise<number> => (await fetch(`${base}/admin/api/articles/1`)).status;

describe('MSW handlers given a base address', () => {
  test('answer at that address while the local server answers its own requests, its faults included', async () => {
    const msw = setupServer(...createHandlers({ baseUrl: api }).handlers);
    msw.listen({ ...bypassLoopback, onUnhandledFrame: bypassLoopback.onUnhandledRequest } as typeof bypassLoopback);
    try {
      local.setFaults({ failure: { status: 503, rate: 1 } });
      expect([await statusAt(api), await statusAt(localBase)]).toEqual([200, 503]);
      expect(local.journal({ path: '/admin/api/articles/1' })).toHaveLength(1);
    } finally {
      msw.close();
    }
  });

  test('answer at each of several addresses, and not at another origin', async () => {
    const mock = createHandlers({ baseUrl: [api, 'http://localhost:5173'] });
    const msw = setupServer(...mock.handlers);
    const unhandled: string[] = [];
    const note = (request: Request): void => {
      unhandled.push(request.url);
    };
    msw.listen({ onUnhandledRequest: note, onUnhandledFrame: note } as Parameters<typeof msw.listen>[0]);
    try {
      expect(await statusAt(api)).toBe(200);
      expect((await fetch('http://localhost:5173/__mock/state')).status).toBe(200);
      await fetch(`${localBase}/admin/api/articles/2`);
      expect(unhandled).toEqual([`${localBase}/admin/api/articles/2`]);
      expect(mock.journal().map((entry) => entry.path)).toEqual(['/admin/api/articles/1', '/__mock/state']);
    } finally {
      msw.close();
    }
  });

  test('without a base address, they answer the local server’s address too, and its faults go unseen', async () => {
    const msw = setupServer(...createHandlers().handlers);
    msw.listen(bypassLoopback);
    try {
      local.setFaults({ failure: { status: 503, rate: 1 } });
      expect(await statusAt(localBase)).toBe(200);
    } finally {
      msw.close();
    }
  });

  test('a base address with a path, or not http, is refused naming it', () => {
    expect(() => createHandlers({ baseUrl: 'https://api.example.com/v1' })).toThrow(/https:\/\/api.example.com\/v1/);
    expect(() => createHandlers({ baseUrl: 'api.example.com' })).toThrow(/baseUrl must be an http/);
    expect(() => createHandlers({ baseUrl: [] })).toThrow(/at least one/);
  });
});
