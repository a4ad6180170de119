/**
 * Deployments that fail: refused, hanging, closing the connection, answering garbage or HTML,
 * answering more than 1 MB, breaking off mid-body. The proxy answers 502/504 with a message naming
 * the cause, passes through what it cannot judge, and keeps serving.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { createApp } from '../../index';
import type { ValidatingProxy } from '../../proxy/server';
import { closeAll, refusingAddress, serve, serveTcp, startProxy } from './servers';

afterEach(closeAll);

const articleOne = '/admin/api/articles/1';

async function message(answer: Response): Promise<string> {
  return ((await answer.json()) as { message: string }).message;
}

async function stillServes(proxy: ValidatingProxy & { url: string }): Promise<void> {
  expect((await fetch(`${proxy.url}/__mock/violations`)).status).toBe(200);
}

test('answers 502 naming a refused connection, and again on the next request', async () => {
  const proxy = await startProxy({ upstream: await refusingAddress() });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const answer = await fetch(`${proxy.url}${articleOne}`);
    expect(answer.status).toBe(502);
    expect(await message(answer)).toMatch(/refused the connection \(ECONNREFUSED\)/);
  }
  await stillServes(proxy);
});

test('answers 504 after --proxy-timeout when the deployment hangs, naming the timeout', async () => {
  const upstream = await serve(() => undefined);
  const proxy = await startProxy({ upstream, timeoutMs: 300 });
  const hung = await fetch(`${proxy.url}${articleOne}`);
  expect(hung.status).toBe(504);
  expect(await message(hung)).toBe(`The deployment at ${upstream} did not answer within 300 ms.`);
  expect(proxy.journal.list().map((entry) => entry.status)).toEqual([504]);
});

test('forwards the next request after a 504 and serves its answer', async () => {
  const mock = createApp().app;
  const upstream = await serve((request, response) => {
    if (!request.url?.includes('hang')) mock(request, response);
  });
  // The deployment's first answer loads what answers need; it is had here, outside the proxy's
  // timeout, which is then long enough for a warm answer however busy the machine.
  expect((await fetch(`${upstream}${articleOne}`)).status).toBe(200);
  const proxy = await startProxy({ upstream, timeoutMs: 2_000 });
  expect((await fetch(`${proxy.url}${articleOne}?hang=1`)).status).toBe(504);
  expect((await fetch(`${proxy.url}${articleOne}`)).status).toBe(200);
  expect(proxy.journal.list().map((entry) => entry.status)).toEqual([504, 200]);
});

test('answers 502 when the deployment closes the connection without answering', async () => {
  const upstream = await serveTcp((socket) => socket.once('data', () => socket.destroy()));
  const proxy = await startProxy({ upstream });
  const answer = await fetch(`${proxy.url}${articleOne}`);
  expect(answer.status).toBe(502);
  expect(await message(answer)).toMatch(/closed the connection before its answer was complete/);
  await stillServes(proxy);
});

test('answers 502 when the deployment answers something that is not HTTP', async () => {
  const upstream = await serveTcp((socket) => socket.once('data', () => socket.end('garbage\r\n\r\n')));
  const proxy = await startProxy({ upstream });
  const answer = await fetch(`${proxy.url}${articleOne}`);
  expect(answer.status).toBe(502);
  expect(await message(answer)).toMatch(/not HTTP \(HPE_/);
});

test('passes an HTML answer through as it came and reports it as a violation', async () => {
  const page = '<!doctype html><title>Maintenance</title>';
  const upstream = await serve((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end(page);
  });
  const proxy = await startProxy({ upstream });
  const answer = await fetch(`${proxy.url}${articleOne}`);
  expect([answer.status, answer.headers.get('content-type'), await answer.text()]).toEqual([200, 'text/html', page]);
  expect(answer.headers.get('x-mock-violations')).toBe('2');
  expect(proxy.violations.list()[0]?.violations).toEqual([
    { rule: 'media-type', path: '', expected: 'Content-Type application/json (or a +json type)', actual: 'text/html' },
    { rule: 'answer-shape', path: '', expected: 'a JSON body', actual: page },
  ]);
});

test('forwards requests outside the interface routes without judging them', async () => {
  const upstream = await serve((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<p>articles</p>');
  });
  const proxy = await startProxy({ upstream });
  for (const path of ['/admin/api/articles', '/admin/api/pages/1', `${articleOne}/contents`]) {
    const answer = await fetch(`${proxy.url}${path}`);
    expect([path, await answer.text(), answer.headers.get('x-mock-violations')]).toEqual([
      path,
      '<p>articles</p>',
      null,
    ]);
  }
  expect((await fetch(`${proxy.url}${articleOne}`, { method: 'PATCH' })).headers.get('x-mock-violations')).toBeNull();
  expect(proxy.violations.summary()).toMatch(/^proxy: 0 exchanges judged/);
});

test('streams an answer over 1 MB through whole and reports it as not judged', async () => {
  const article = { id: 1, padding: 'x'.repeat(3 * 1024 * 1024) };
  const upstream = await serve((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(article));
  });
  const proxy = await startProxy({ upstream });
  const answer = await fetch(`${proxy.url}${articleOne}`);
  expect(answer.headers.get('x-mock-not-judged')).toBe('body larger than 1 MB');
  expect(await answer.json()).toEqual(article);
  expect(proxy.violations.list()).toEqual([]);
  expect(proxy.violations.summary()).toMatch(/0 exchanges judged, .* 1 not judged/);
});

test('cuts the client off when the deployment breaks off past 1 MB, and answers 502 when before', async () => {
  const upstream = await serveTcp((socket) =>
    socket.once('data', (request: Buffer) => {
      const sent = request.toString().startsWith('GET /admin/api/articles/1?late') ? 2 * 1024 * 1024 : 1000;
      socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${4 * 1024 * 1024}\r\n\r\n`);
      socket.write('x'.repeat(sent), () => socket.destroy());
    }),
  );
  const proxy = await startProxy({ upstream });
  const late = await fetch(`${proxy.url}${articleOne}?late=1`);
  await expect(late.text()).rejects.toThrow();
  const early = await fetch(`${proxy.url}${articleOne}`);
  expect(early.status).toBe(502);
  expect(await message(early)).toMatch(/closed the connection before its answer was complete/);
  await stillServes(proxy);
});

test('answers 400 to an absolute request address instead of forwarding it anywhere else', async () => {
  let forwarded = 0;
  const upstream = await serve((_request, response) => {
    forwarded += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  const proxy = await startProxy({ upstream });
  const status = await new Promise<number | undefined>((done, fail) => {
    const outgoing = request(proxy.url, { path: 'http://elsewhere.invalid/admin/api/articles/1' }, (answer) => {
      answer.resume();
      done(answer.statusCode);
    });
    outgoing.on('error', fail).end();
  });
  expect(status).toBe(400);
  expect([forwarded, proxy.journal.list().map((entry) => entry.status)]).toEqual([0, [400]]);
});

test('keeps serving after clients that go away mid-upload and mid-download', async () => {
  const mock = createApp().app;
  const upstream = await serve((incoming, response) => {
    if (incoming.url?.includes('big')) response.writeHead(200).end('x'.repeat(3 * 1024 * 1024));
    else mock(incoming, response);
  });
  const proxy = await startProxy({ upstream });
  const { port } = new URL(proxy.url);
  for (const raw of [
    'PUT /admin/api/articles/1/data/k HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"va',
    'GET /admin/api/articles/1?big=1 HTTP/1.1\r\nHost: x\r\n\r\n',
  ]) {
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((done) => socket.once('connect', done));
    socket.write(raw);
    await new Promise((done) => setTimeout(done, 100));
    socket.destroy();
  }
  expect((await fetch(`${proxy.url}/admin/api/articles/1`)).status).toBe(200);
});
