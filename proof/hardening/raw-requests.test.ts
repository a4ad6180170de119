/**
 * Requests no well-behaved client library will send, written byte by byte on a socket.
 * Node's HTTP parser refuses most of them before Express sees them; mock/adapters/server-errors.ts
 * makes those refusals JSON too. After each, the state is unchanged and the mock still answers.
 */
import { connect, type Socket } from 'node:net';
import { parseRawAnswers, sendRaw } from './client';
import { startMock, type Harness } from './harness';
import { read } from './requests';

let harness: Harness;
beforeAll(async () => {
  harness = await startMock();
});
afterAll(() => harness.close());

const put = (headers: string, body: string): string =>
  `PUT /admin/api/articles/1/data/k HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers}\r\n${body}`;
const get = (extra = ''): string => `GET /admin/api/articles/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}\r\n`;

/** [what is sent, the bytes, the statuses of the answers in order]. */
const cases: [string, string, number[]][] = [
  ['two different Content-Length headers', put('Content-Length: 11\r\nContent-Length: 12\r\n', '{"value":1}'), [400]],
  [
    'Content-Length together with chunked Transfer-Encoding',
    put('Content-Length: 11\r\nTransfer-Encoding: chunked\r\n', 'b\r\n{"value":1}\r\n0\r\n\r\n'),
    [400],
  ],
  [
    'a chunk size that is not hexadecimal',
    put('Transfer-Encoding: chunked\r\n', 'zz\r\n{"value":1}\r\n0\r\n\r\n'),
    [400],
  ],
  [
    'Transfer-Encoding other than chunked last',
    put('Transfer-Encoding: chunked, identity\r\n', 'b\r\n{"value":1}\r\n0\r\n\r\n'),
    [400],
  ],
  ['a space in a header name', get('X Bad: 1\r\n'), [400]],
  ['a control character in a header value', get('X-A: a\x01b\r\n'), [400]],
  ['an obsolete folded header line', get('X-A: a\r\n b\r\n'), [400]],
  ['headers over 16 kB', get(`X-A: ${'a'.repeat(17_000)}\r\n`), [431]],
  [
    'a request target over 16 kB',
    `GET /admin/api/articles/1?${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    [431],
  ],
  ['a line that is no request', 'GARBAGE\r\n\r\n', [400]],
  ['a lower-case method', 'get /admin/api/articles/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', [400]],
  ['a method Node does not know', 'FOO /admin/api/articles/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', [400]],
  ['a WebDAV method', 'PROPFIND /admin/api/articles/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', [405]],
  ['CONNECT', 'CONNECT 127.0.0.1:80 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', [405]],
  ['a NUL byte in the path', 'GET /admin/api/articles/1\x00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', [400]],
  ['unencoded UTF-8 in the path', 'GET /admin/api/articles/1/data/\xc3\xa4 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', [400]],
  ['bare LF line ends', 'GET /admin/api/articles/1 HTTP/1.1\nHost: 127.0.0.1\n\n', [400]],
  ['the HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', [400]],
  ['an Expect the server cannot meet', get('Expect: teapot\r\n'), [417]],
  ['Expect: 100-continue', get('Expect: 100-continue\r\n'), [100, 200]],
  ['HTTP/1.0 without Host', 'GET /admin/api/articles/1 HTTP/1.0\r\n\r\n', [200]],
  [
    'two different Host headers, neither of them served',
    'GET /admin/api/articles/1 HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n',
    [403],
  ],
  [
    'an absolute-form request target',
    'GET http://elsewhere.example/admin/api/articles/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    [200],
  ],
  ['an asterisk request target', 'OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', [404]],
  ['two requests in one write', `${get()}${get()}`, [200, 200]],
];

test.each(cases)('answers %s with JSON errors, changes nothing and keeps answering', async (_name, bytes, statuses) => {
  const before = harness.mock.state();
  const exchange = await sendRaw(harness.port, Buffer.from(bytes, 'latin1'), { answers: statuses.length });
  const answers = parseRawAnswers(exchange.text);
  expect(answers.map((answer) => answer.status)).toEqual(statuses);
  for (const answer of answers.filter((each) => each.status >= 400)) {
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(typeof (JSON.parse(answer.body) as { message?: unknown }).message).toBe('string');
  }
  expect(harness.mock.state()).toEqual(before);
  expect((await read(harness, '/admin/api/articles/1')).status).toBe(200);
});

test('answers a request followed by garbage in the same write, then closes with a JSON 400 or without a word', async () => {
  // Whether the first answer is out before the garbage is read depends on timing; Node then either
  // answers the parse error or, with an answer already started, just closes.
  const exchange = await sendRaw(harness.port, `${get()}GARBAGE\r\n\r\n`, { waitMs: 300 });
  const answers = parseRawAnswers(exchange.text);
  expect([[200], [400], [200, 400]]).toContainEqual(answers.map((answer) => answer.status));
  expect(
    answers.filter((answer) => answer.status === 400).every((answer) => answer.body.startsWith('{"message":')),
  ).toBe(true);
  expect((await read(harness, '/admin/api/articles/1')).status).toBe(200);
});

test('answers a HEAD request with headers over 16 kB with a 431 and no body', async () => {
  const exchange = await sendRaw(
    harness.port,
    `HEAD /admin/api/articles/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: ${'a'.repeat(17_000)}\r\n\r\n`,
  );
  expect(exchange.text).toMatch(/^HTTP\/1\.1 431 [^]*\r\n\r\n$/);
});

test('answers 400 to HTTP/1.1 without Host from Node itself, without a JSON body', async () => {
  // Node checks Host before the request reaches any handler and sends no body (see README).
  const exchange = await sendRaw(harness.port, 'GET /admin/api/articles/1 HTTP/1.1\r\n\r\n');
  expect(exchange.text).toMatch(/^HTTP\/1\.1 400 /);
  expect((await read(harness, '/admin/api/articles/1')).status).toBe(200);
});

test('answers 400 to a body cut short by a half-closed connection, and stores nothing', async () => {
  const before = harness.mock.state();
  const exchange = await sendRaw(harness.port, put('Content-Length: 100\r\n', '{"valu'), { halfClose: true });
  expect(parseRawAnswers(exchange.text).map((answer) => answer.status)).toEqual([400]);
  expect(harness.mock.state()).toEqual(before);
});

test('survives a connection dropped in the middle of a body', async () => {
  const before = harness.mock.state();
  const accepted = new Promise<Socket>((resolve) => harness.server.once('connection', resolve));
  const socket = connect(harness.port, '127.0.0.1');
  const serverSide = await accepted;
  const closed = new Promise((resolve) => serverSide.once('close', resolve));
  // The mock has begun the request (its head is read) before the client goes away.
  const begun = new Promise((resolve) => harness.server.once('request', resolve));
  socket.write(put('Content-Length: 100000\r\n', '{"value":"'));
  await begun;
  socket.destroy();
  await closed;
  expect(harness.mock.state()).toEqual(before);
  expect((await read(harness, '/admin/api/articles/1')).status).toBe(200);
});
