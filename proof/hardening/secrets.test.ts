/**
 * The token (interface section 5 shows none; the API family's X-API-TOKEN or ?api_token=)
 * is compared in constant time and never appears in log lines, the journal or error bodies.
 */
import crypto from 'node:crypto';
import { tokenMatches } from '../../mock/runtime/token-compare';
import { startMock, type Harness } from './harness';
import { request, type JsonAnswer } from './requests';

const token = 'secret-token-5f2c81d0';
let harness: Harness;
beforeAll(async () => {
  harness = await startMock({ token }, { log: true });
});
afterAll(() => harness.close());
beforeEach(() => {
  harness.mock.reset();
  harness.logLines.length = 0;
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('comparison', () => {
  test('compares every presented token as two 32-byte digests through timingSafeEqual', () => {
    const compare = jest.spyOn(crypto, 'timingSafeEqual');
    const presented = ['', 's', token.slice(0, -1), `${token}x`, 'x'.repeat(10_000), token];
    expect(presented.map((given) => tokenMatches(token, given))).toEqual([false, false, false, false, false, true]);
    expect(compare).toHaveBeenCalledTimes(presented.length);
    expect(compare.mock.calls.map(([left, right]) => [left.byteLength, right.byteLength])).toEqual(
      presented.map(() => [32, 32]),
    );
  });

  test('refuses a token that is not a string without comparing', () => {
    expect([tokenMatches(token, undefined), tokenMatches(token, ['a', 'b'])]).toEqual([false, false]);
  });
});

/** How a client may present the token: the two forms the family knows, and some it does not. */
const forms: [string, (path: string) => { path: string; headers: [string, string][] }][] = [
  ['in X-API-TOKEN', (path) => ({ path, headers: [['X-API-TOKEN', token]] })],
  ['as ?api_token=', (path) => ({ path: `${path}?api_token=${token}`, headers: [] })],
  ['as ?api%5Ftoken=', (path) => ({ path: `${path}?api%5Ftoken=${token}`, headers: [] })],
  ['as ?API_TOKEN=', (path) => ({ path: `${path}?API_TOKEN=${token}`, headers: [] })],
  [
    'as ?token= (a misspelled parameter)',
    (path) => ({ path: `${path}?page=1&token=${encodeURIComponent(token)}`, headers: [] }),
  ],
  [
    'in X-API-TOKEN and a wrong ?api_token=',
    (path) => ({ path: `${path}?api_token=wrong`, headers: [['X-API-TOKEN', token]] }),
  ],
];

/** Requests that succeed and requests that fail in each way a write can. */
const attempts: [string, string, string, [string, string][], string][] = [
  ['a valid write', 'PUT', '/admin/api/articles/1/data/k', [['Content-Type', 'application/json']], '{"value":1}'],
  ['malformed JSON', 'PUT', '/admin/api/articles/1/data/k', [['Content-Type', 'application/json']], '{"value":'],
  [
    'an invalid payload',
    'POST',
    '/admin/api/articles/1/comments',
    [['Content-Type', 'application/json']],
    '{"comment":{}}',
  ],
  ['a wrong Content-Type', 'PUT', '/admin/api/articles/1/data/k', [['Content-Type', 'text/plain']], '{"value":1}'],
  ['an unknown article', 'DELETE', '/admin/api/articles/999/data/k', [], ''],
  ['a reserved key', 'DELETE', '/admin/api/articles/1/data/svc_import_source', [], ''],
  ['a wrong method', 'PATCH', '/admin/api/articles/1', [], ''],
];

describe.each(forms)('a token sent %s', (_form, place) => {
  test.each(attempts)(
    'stays out of the log, the journal and the answer to %s',
    async (_what, method, path, headers, body) => {
      const placed = place(path);
      const answer: JsonAnswer = await request(harness, {
        method,
        path: placed.path,
        headers: [...headers, ...placed.headers],
        ...(body ? { body } : {}),
      });
      const journal = await request(harness, { method: 'GET', path: '/__mock/journal' });
      expect(answer.status).toBeLessThan(500);
      expect(harness.logLines.length).toBeGreaterThan(0);
      expect({
        log: harness.logLines.join('\n').includes(token),
        journal: journal.text.includes(token),
        error: answer.status >= 400 && answer.text.includes(token),
      }).toEqual({ log: false, journal: false, error: false });
    },
  );
});

test("answers a wrong or missing token with the family's 401 body, naming no token", async () => {
  const wrong = await request(harness, {
    method: 'DELETE',
    path: '/admin/api/articles/1/data/featured',
    headers: [['X-API-TOKEN', `${token}-wrong`]],
  });
  const missing = await request(harness, { method: 'DELETE', path: '/admin/api/articles/1/data/featured' });
  expect([wrong.status, wrong.text, missing.status, missing.text]).toEqual([
    401,
    '{"message":"Unauthorized."}',
    401,
    '{"message":"Unauthorized."}',
  ]);
});
