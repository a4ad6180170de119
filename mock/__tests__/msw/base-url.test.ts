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

/**
 * MSW's callback for a request no handler takes, under each major's name and form (MSW 2's
 * `onUnhandledRequest(request)`, MSW 3's `onUnhandledFrame({ frame })`): here it only notes the
 * address, so the request goes on to the network.
 */
function noting(unhandled: string[]): Parameters<ReturnType<typeof setupServer>['listen']>[0] {
  const note = (request: Request): void => {
    unhandled.push(request.url);
  };
  return {
    onUnhandledRequest: note,
    onUnhandledFrame: ({ frame }: { frame: { data: { request: Request } } }) => {
      note(frame.data.request);
    },
  } as Parameters<ReturnType<typeof setupServer>['listen']>[0];
}

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
    const unhandled: string[] = [];
    msw.listen(noting(unhandled));
    try {
      local.setFaults({ failure: { status: 503, rate: 1 } });
      expect([await statusAt(api), await statusAt(localBase)]).toEqual([200, 503]);
      expect(unhandled).toEqual([`${localBase}/admin/api/articles/1`]);
      expect(local.journal({ path: '/admin/api/articles/1' })).toHaveLength(1);
    } finally {
      msw.close();
    }
  });

  test('answer at each of several addresses, and not at another origin', async () => {
    const mock = createHandlers({ baseUrl: [api, 'http://localhost:5173'] });
    const msw = setupServer(...mock.handlers);
    const unhandled: string[] = [];
    msw.listen(noting(unhandled));
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
    msw.listen(noting([]));
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
