/**
 * The suite's HTTP client: the token goes to the target only, the answer is kept whole, and what
 * proves a setting wrong (no answer in time, an answer over the cap, no TLS) is said as such.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeHostileTargets, endlessBodyTarget, httpTarget, silentTarget } from '../../test-support/hostile-targets';
import { Client } from './client';
import { TargetProblem } from './target-problem';
import { TargetWatch } from './watch';

const seen: IncomingHttpHeaders[] = [];
const servers: Server[] = [];

/** Answers every request with its method, after `delayMs`. */
async function echoServer(delayMs = 0): Promise<string> {
  const server = createServer((request, response) => {
    seen.push(request.headers);
    response.setHeader('Content-Type', 'application/json');
    setTimeout(() => response.end(JSON.stringify({ method: request.method })), delayMs);
  });
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((closed) => {
          server.closeAllConnections();
          server.close(closed);
        }),
    ),
  );
});

test('sends the token to the target, never to another host an answer points at', async () => {
  const [target, elsewhere] = [await echoServer(), await echoServer()];
  const client = new Client(`${target}/`, 'secret-token');
  const own = await client.send({ method: 'PUT', to: '/admin/api/articles/1/data/k', json: { value: 1 } });
  await client.send({ method: 'GET', to: `${elsewhere}/admin/api/articles/1/comments` });
  expect(seen.map((headers) => headers['x-api-token'])).toEqual(['secret-token', undefined]);
  expect(seen[0]?.['content-type']).toBe('application/json');
  expect(own).toMatchObject({ status: 200, json: { method: 'PUT' } });
  expect(own.curl).not.toContain('secret-token');
});

test('names the address and the cause when nothing answers', async () => {
  const client = new Client('http://127.0.0.1:9');
  await expect(client.send({ method: 'GET', to: '/admin/api/articles/1' })).rejects.toThrow(
    /GET http:\/\/127\.0\.0\.1:9\/admin\/api\/articles\/1 got no answer: fetch failed/,
  );
});

test('an interrupt cuts off a read under way, while a write under way runs to its answer', async () => {
  const interrupt = new AbortController();
  const client = new Client(await echoServer(500), undefined, {}, interrupt.signal);
  const settled: string[] = [];
  const read = client.send({ method: 'GET', to: '/admin/api/articles/1' }).catch((error: unknown) => {
    settled.push('read');
    throw error;
  });
  const write = client.send({ method: 'PUT', to: '/admin/api/articles/1/data/k', json: { value: 1 } }).then((got) => {
    settled.push('write');
    return got;
  });
  setTimeout(() => {
    interrupt.abort();
  }, 50);
  await expect(read).rejects.toThrow(/^GET \S+\/articles\/1 was cut off: the run was interrupted$/);
  await expect(write).resolves.toMatchObject({ status: 200, json: { method: 'PUT' } });
  expect(settled).toEqual(['read', 'write']);
});

describe('a target that misbehaves', () => {
  afterAll(closeHostileTargets);

  test('stops reading an answer at the size cap, letting the connection go, however long it runs', async () => {
    const target = await endlessBodyTarget();
    const client = new Client(target.baseUrl, undefined, { maxBodyBytes: 2 ** 20 });
    await expect(client.send({ method: 'GET', to: '/admin/api/articles/1' })).rejects.toThrow(
      /^GET http:\/\/127\.0\.0\.1:[0-9]+\/admin\/api\/articles\/1 answered more than 1 MB \(--max-body\), so reading stopped there/,
    );
    await target.closed;
    expect(client.watch.problem).toBeInstanceOf(TargetProblem);
  });

  test('reads at most 16 MB of an answer unless told otherwise', async () => {
    const target = await endlessBodyTarget();
    await expect(new Client(target.baseUrl).send({ method: 'GET', to: '/' })).rejects.toThrow(
      /answered more than 16 MB \(--max-body\)/,
    );
    await target.closed;
    expect(target.sent()).toBeGreaterThan(16 * 2 ** 20);
  });

  test('refuses an answer whose declared length is over the cap before reading it', async () => {
    const baseUrl = await httpTarget((_request, response) => {
      response.writeHead(200, { 'Content-Length': String(2 ** 20 + 1) });
      response.write('{');
    });
    const client = new Client(baseUrl, undefined, { maxBodyBytes: 2 ** 20 });
    await expect(client.send({ method: 'GET', to: '/' })).rejects.toThrow(/answered more than 1 MB/);
  });

  test('says there was no answer within the timeout when the target takes the request and stays silent', async () => {
    const client = new Client(await silentTarget(), undefined, { timeoutMs: 300 });
    await expect(
      client.send({ method: 'PUT', to: '/admin/api/articles/1/data/k', json: { value: 1 } }),
    ).rejects.toThrow(
      /^PUT http:\/\/127\.0\.0\.1:[0-9]+\/admin\/api\/articles\/1\/data\/k: no answer within 0\.3 s \(--timeout\)/,
    );
  });

  test('says an answer that stops halfway did not end within the timeout', async () => {
    const baseUrl = await httpTarget((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"id": ');
    });
    const client = new Client(baseUrl, undefined, { timeoutMs: 300 });
    await expect(client.send({ method: 'GET', to: '/' })).rejects.toThrow(/the answer did not end within 0\.3 s/);
  });

  test('says the target does not speak TLS when https:// meets plain HTTP, without OpenSSL’s dump', async () => {
    const plain = await httpTarget((_request, response) => response.end('{}'));
    const client = new Client(plain.replace('http:', 'https:'));
    const failure = client.send({ method: 'GET', to: '/admin/api/articles/1' });
    await expect(failure).rejects.toThrow(/^the target does not speak TLS: .* use http:\/\/ in --base-url$/);
    await expect(failure).rejects.not.toThrow(/ssl3_get_record/);
  });

  test('after a setting problem, a client an interrupt can stop sends nothing more, and the restore’s still sends', async () => {
    const watch = new TargetWatch();
    const silent = await silentTarget();
    const checks = new Client(silent, undefined, { timeoutMs: 200, watch }, new AbortController().signal);
    await expect(checks.send({ method: 'GET', to: '/a' })).rejects.toThrow(/no answer within/);
    await expect(checks.send({ method: 'GET', to: '/b' })).rejects.toThrow(
      /^GET \/b was not sent: the run stopped \(GET .*\/a: no answer within 0\.2 s/,
    );
    const restore = new Client(silent, undefined, { timeoutMs: 200, watch });
    await expect(restore.send({ method: 'GET', to: '/c' })).rejects.toThrow(/GET .*\/c: no answer within/);
  });
});

describe('a write refused for want of a token', () => {
  afterAll(closeHostileTargets);

  /** Answers 401 to writes of `refused`, 403 to writes naming a reserved key, 200 to the rest. */
  const guarded = (refused: RegExp): Promise<string> =>
    httpTarget((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const reserved = `${request.url ?? ''}${body}`.includes('svc_');
        response.statusCode =
          request.method === 'GET' ? 200 : refused.test(request.url ?? '') ? 401 : reserved ? 403 : 200;
        response.end('{}');
      });
    });

  test('is a setting problem naming --token, CONTRACT_API_TOKEN and --read-only when none was given', async () => {
    const client = new Client(await guarded(/./));
    await expect(
      client.send({ method: 'PUT', to: '/admin/api/articles/1/data/k', json: { value: 1 } }),
    ).rejects.toThrow(
      /^writes answered 401 and no token was given \(PUT .*\/data\/k\): give --token or CONTRACT_API_TOKEN, or use --read-only$/,
    );
    expect(client.watch.problem).toBeInstanceOf(TargetProblem);
  });

  test('is a setting problem naming --token when a token was given and a write is answered 401', async () => {
    const client = new Client(await guarded(/./), 'a-token');
    await expect(client.send({ method: 'DELETE', to: '/admin/api/articles/1/data/k' })).rejects.toThrow(
      /^writes answered 401 to the token given \(DELETE .*\/data\/k\): check --token or CONTRACT_API_TOKEN$/,
    );
    expect(client.watch.problem).toBeInstanceOf(TargetProblem);
  });

  test('is an answer for the checks to judge when a token was given and a write is answered 403', async () => {
    const client = new Client(await guarded(/^$/), 'a-token');
    const answer = await client.send({ method: 'PUT', to: '/admin/api/articles/1/data/svc_k', json: { value: 1 } });
    expect([answer.status, client.watch.problem]).toEqual([403, undefined]);
  });

  test('is not a 403 to a write naming a reserved key, which is the target refusing that key', async () => {
    const client = new Client(await guarded(/^$/));
    const url = await client.send({ method: 'PUT', to: '/admin/api/articles/1/data/svc_x', json: { value: 1 } });
    const body = await client.send({
      method: 'PUT',
      to: '/admin/api/articles/1',
      json: { article: { data: { svc_x: 1 } } },
    });
    expect([url.status, body.status, client.watch.problem]).toEqual([403, 403, undefined]);
  });

  test('is a 403 only before the target accepted any write; after, a 403 refuses that one write', async () => {
    const target = await httpTarget((request, response) => {
      response.statusCode = request.url?.endsWith('/odd') ? 403 : 200;
      response.end('{}');
    });
    const after = new Client(target);
    await after.send({ method: 'PUT', to: '/admin/api/articles/1/data/plain', json: { value: 1 } });
    const refused = await after.send({ method: 'PUT', to: '/admin/api/articles/1/data/odd', json: { value: 1 } });
    expect([refused.status, after.watch.problem]).toEqual([403, undefined]);
    const first = new Client(target);
    await expect(
      first.send({ method: 'PUT', to: '/admin/api/articles/1/data/odd', json: { value: 1 } }),
    ).rejects.toThrow(/^writes answered 403 and no token was given/);
  });
});
