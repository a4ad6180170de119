import { guardRequest, type GuardedRequest, type SecurityPolicy } from './request-guard';
import { sessionCookie } from './control-token';

const local: SecurityPolicy = { listenHost: '127.0.0.1', allowedHosts: [] };
const own = 'http://127.0.0.1:4010';

const request = (method: string, path: string, headers: Record<string, string> = {}): GuardedRequest => ({
  method,
  path,
  headers: { host: '127.0.0.1:4010', ...headers },
});

const refusal = (req: GuardedRequest, policy = local): number | undefined => guardRequest(req, policy)?.status;

describe('the control API on loopback', () => {
  test.each([
    ['a form post from another site', request('POST', '/__mock/reset', { origin: 'http://evil.example' })],
    ['a fetch from another local port', request('PUT', '/__mock/fixture', { origin: 'http://127.0.0.1:5173' })],
    ['a post whose Referer is another site', request('POST', '/__mock/reset', { referer: 'http://evil.example/x' })],
    ['a post from an opaque origin', request('DELETE', '/__mock/faults', { origin: 'null' })],
    ['a post marked cross-site by the browser', request('POST', '/__mock/reset', { 'sec-fetch-site': 'cross-site' })],
  ])('refuses %s with 403', (_what, req) => {
    expect(refusal(req)).toBe(403);
  });

  test.each([
    ["a change from the mock's own page", request('POST', '/__mock/reset', { origin: own })],
    ['a change from a tool that states no origin', request('POST', '/__mock/reset')],
    [
      'a read from another origin (the browser keeps the answer from the page)',
      request('GET', '/__mock/state', { origin: 'http://evil.example' }),
    ],
  ])('serves %s', (_what, req) => {
    expect(refusal(req)).toBeUndefined();
  });
});

describe('any route', () => {
  test('refuses a Host the mock does not serve with 403', () => {
    expect(refusal(request('GET', '/admin/api/articles/1', { host: 'evil.example:4010' }))).toBe(403);
    expect(refusal(request('GET', '/__mock/state', { host: 'evil.example' }))).toBe(403);
  });

  test('serves the interface to a page on any origin by default', () => {
    expect(
      refusal(request('PUT', '/admin/api/articles/1/data/x', { origin: 'http://localhost:5173' })),
    ).toBeUndefined();
  });
});

describe('beyond loopback', () => {
  const open: SecurityPolicy = { listenHost: '0.0.0.0', allowedHosts: [], controlToken: 's3cret' };

  test('refuses the control API without the control token with 401', () => {
    expect(refusal(request('GET', '/__mock/state'), open)).toBe(401);
    expect(refusal(request('GET', '/__mock/state', { 'x-mock-control-token': 'wrong' }), open)).toBe(401);
  });

  test('serves it with the token in the header or the session cookie', () => {
    expect(refusal(request('GET', '/__mock/state', { 'x-mock-control-token': 's3cret' }), open)).toBeUndefined();
    const cookie = sessionCookie('s3cret').split(';')[0] ?? '';
    expect(refusal(request('GET', '/__mock/journal', { cookie: `a=b; ${cookie}` }), open)).toBeUndefined();
  });

  test('serves the page shell and the token door without it', () => {
    expect(refusal(request('GET', '/__mock/'), open)).toBeUndefined();
    expect(refusal(request('POST', '/__mock/session', { origin: own }), open)).toBeUndefined();
  });
});

describe('with a proxy that adds a real token', () => {
  const proxy: SecurityPolicy = { ...local, apiOrigins: ['http://localhost:5173'] };

  test('serves the interface only to the allowed origins and to tools', () => {
    const from = (origin: string): GuardedRequest => request('GET', '/admin/api/articles/1', { origin });
    expect(refusal(from('http://localhost:5173'), proxy)).toBeUndefined();
    expect(refusal(from('http://evil.example'), proxy)).toBe(403);
    expect(refusal(request('GET', '/admin/api/articles/1'), proxy)).toBeUndefined();
    expect(refusal(request('GET', '/admin/api/articles/1'), { ...local, apiOrigins: [] })).toBeUndefined();
    expect(refusal(from('http://localhost:5173'), { ...local, apiOrigins: [] })).toBe(403);
  });
});
