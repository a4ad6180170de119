/**
 * The control table (mock/core/control-table.ts) held against what each server serves, over real
 * HTTP: the mock's server (node:http on a loopback port), its MSW handlers (msw/node) and the
 * validating proxy. Every row a server serves answers each of its methods (HEAD with GET) with
 * neither 404 nor 405, another method with 405 and the row's `Allow`, and every other row and any
 * path under the prefix that is no row with 404.
 */
import { setupServer } from 'msw/node';
import { allowOf, controlRoutes, type ControlRoute, type ControlServer } from '../../core/control-table';
import { createApp, nodeListener } from '../../index';
import { createHandlers } from '../../msw';
import { failUnhandled } from '../msw/fail-unhandled';
import { closeAll, serve, startProxy } from '../proxy/servers';

interface Running {
  base: string;
  close(): Promise<void>;
}

const starts: Record<ControlServer, () => Promise<Running>> = {
  mock: async () => ({ base: await serve(nodeListener(createApp())), close: closeAll }),
  msw: () => {
    const msw = setupServer(...createHandlers().handlers);
    // 'error': a path under the prefix that no handler took would fail, not reach a network.
    msw.listen(failUnhandled);
    const close = (): Promise<void> => {
      msw.close();
      return Promise.resolve();
    };
    return Promise.resolve({ base: 'http://msw.test', close });
  },
  proxy: async () => {
    const proxy = await startProxy({ upstream: await serve(nodeListener(createApp())) });
    return { base: proxy.url, close: closeAll };
  },
};

/** A path a row stands for: its own, or one that exists for a row of files or of scenarios. */
const pathOf = (route: ControlRoute): string =>
  route.path.replace(/\*$/, route.path.startsWith('/__mock/scenarios/') ? 'default' : 'main.js');

/** The status a request gets; a streamed answer is cut off once its head is in. */
async function statusOf(base: string, method: string, path: string): Promise<number> {
  const aborter = new AbortController();
  const body = method === 'PUT' || method === 'POST' ? '{}' : undefined;
  const headers = body ? { 'Content-Type': 'application/json' } : undefined;
  const answer = await fetch(`${base}${path}`, { method, body, headers, redirect: 'manual', signal: aborter.signal });
  aborter.abort();
  return answer.status;
}

const methodsOf = (route: ControlRoute): string[] =>
  route.methods.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]));

describe.each(Object.keys(starts) as ControlServer[])('the %s', (server) => {
  let running: Running;
  beforeAll(async () => {
    running = await starts[server]();
  });
  afterAll(() => running.close());

  const served = controlRoutes.filter((route) => route.servedBy.includes(server));
  const others = controlRoutes.filter((route) => !route.servedBy.includes(server) && route.path !== '/');

  test.each(served.map((route) => [route.path, route] as const))('answers each method of %s', async (_path, route) => {
    const statuses = await Promise.all(methodsOf(route).map((method) => statusOf(running.base, method, pathOf(route))));
    expect(statuses.filter((status) => status === 404 || status === 405)).toEqual([]);
  });

  test.each(served.map((route) => [route.path, route] as const))(
    'answers PATCH to %s with 405 and the row’s Allow',
    async (_path, route) => {
      const answer = await fetch(`${running.base}${pathOf(route)}`, { method: 'PATCH' });
      expect([answer.status, answer.headers.get('allow')]).toEqual([405, allowOf(route)]);
    },
  );

  test('answers 404 on the rows it does not serve, and under the prefix where there is no row', async () => {
    const paths = [...others.map(pathOf), '/__mock/nothing', '/__mock/journal/other'];
    const statuses = await Promise.all(paths.map((path) => statusOf(running.base, 'GET', path)));
    expect(statuses).toEqual(paths.map(() => 404));
  });
});
