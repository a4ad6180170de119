/**
 * The proxy in front of real deployments on 127.0.0.1: the mock itself (nothing to report), a
 * broken variant of it (violations by field) and clients with and without tokens.
 */
import { createApp } from '../../index';
import { variantRules } from '../../../proof/variants';
import { closeAll, serve, startProxy } from './servers';

afterEach(closeAll);

const json = { 'content-type': 'application/json' };
const articleOne = '/admin/api/articles/1';
const listOne = '/admin/api/site/articles/1/comments.json';

async function deployment(options: Parameters<typeof createApp>[0] = {}): Promise<string> {
  return serve(createApp(options).app);
}

describe('in front of a conformant deployment', () => {
  test('passes every operation through unchanged and reports no violations', async () => {
    const upstream = await deployment();
    const proxy = await startProxy({ upstream });
    const direct = await fetch(`${upstream}${articleOne}`);
    const proxied = await fetch(`${proxy.url}${articleOne}`);
    expect(proxied.status).toBe(200);
    expect(await proxied.text()).toBe(await direct.text());
    expect(proxied.headers.get('x-mock-violations')).toBeNull();
    const requests: [string, string, unknown?][] = [
      ['PUT', `${articleOne}/data/colour`, { value: ['red', 2] }],
      ['DELETE', `${articleOne}/data/colour`],
      ['PUT', articleOne, { article: { data: { featured: false } } }],
      ['POST', listOne, { comment: { author: 'Ann', author_email: 'ann@example.com', body: 'Hello' } }],
      ['GET', listOne],
      ['GET', '/admin/api/site/article/1/comments.json'],
    ];
    for (const [method, path, body] of requests) {
      const answer = await fetch(`${proxy.url}${path}`, {
        method,
        ...(body ? { headers: json, body: JSON.stringify(body) } : {}),
      });
      expect([method, path, answer.status, answer.headers.get('x-mock-violations')]).toEqual([
        method,
        path,
        method === 'DELETE' ? 204 : 200,
        null,
      ]);
    }
    expect(await (await fetch(`${proxy.url}/__mock/violations`)).json()).toEqual([]);
    expect(proxy.journal.list().filter((entry) => !entry.path.startsWith('/__mock'))).toHaveLength(7);
    expect(proxy.violations.summary()).toMatch(/7 exchanges judged, 0 with violations/);
  });

  test('passes the client token through and adds --proxy-token only when the client sent none', async () => {
    const upstream = await deployment({ token: 'deployment-token' });
    const proxy = await startProxy({ upstream, token: 'deployment-token' });
    const write = (headers: Record<string, string>, query = ''): Promise<Response> =>
      fetch(`${proxy.url}${articleOne}/data/size${query}`, {
        method: 'PUT',
        headers: { ...json, ...headers },
        body: '{"value": 3}',
      });
    expect((await write({})).status).toBe(200);
    expect((await write({ 'x-api-token': 'wrong-token' })).status).toBe(401);
    expect((await write({}, '?api_token=wrong-token')).status).toBe(401);
    expect((await write({}, '?api_token=deployment-token')).status).toBe(200);
    const kept = JSON.stringify([proxy.journal.list(), proxy.violations.list()]);
    expect(kept).not.toContain('deployment-token');
    expect(kept).not.toContain('wrong-token');
  });
});

describe('in front of a broken deployment', () => {
  test('marks the answer with X-Mock-Violations and lists the field at fault', async () => {
    const upstream = await deployment({ rules: variantRules('timestamp-without-millis'), validateResponses: false });
    const proxy = await startProxy({ upstream });
    const answer = await fetch(`${proxy.url}${articleOne}`);
    expect(answer.status).toBe(200);
    // The contract suite's judge finds the same field twice: off the tolerant shape, and no real date in its form.
    expect(answer.headers.get('x-mock-violations')).toBe('2');
    const reports = (await (await fetch(`${proxy.url}/__mock/violations`)).json()) as unknown[];
    expect(reports).toEqual([
      {
        at: expect.any(String) as string,
        clientFindings: [],
        method: 'GET',
        path: articleOne,
        operation: 'readArticle',
        violations: [
          {
            rule: 'answer-shape',
            path: '/created_at',
            expected: 'the Article shape',
            actual: expect.any(String) as string,
          },
          {
            rule: 'real-dates',
            path: '/created_at',
            expected: 'a real YYYY-MM-DDTHH:MM:SS.mmmZ date',
            actual: expect.stringMatching(/T\d\d:\d\d:\d\dZ$/) as string,
          },
        ],
      },
    ]);
    expect(proxy.journal.list({ path: '/admin' })).toMatchObject([{ path: articleOne, status: 200, violations: 2 }]);
  });

  test('reports an answer whose address names the wrong id', async () => {
    const upstream = await deployment({ rules: variantRules('page-url-wrong-id'), validateResponses: false });
    const proxy = await startProxy({ upstream });
    await fetch(`${proxy.url}${articleOne}`);
    const [report] = proxy.violations.list();
    expect(report?.violations.map((violation) => violation.path)).toEqual(['/page/url']);
  });

  test('clears the list on DELETE /__mock/violations', async () => {
    const upstream = await deployment({ rules: variantRules('id-as-string'), validateResponses: false });
    const proxy = await startProxy({ upstream });
    await fetch(`${proxy.url}${articleOne}`);
    expect(proxy.violations.list()).toHaveLength(1);
    expect((await fetch(`${proxy.url}/__mock/violations`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await fetch(`${proxy.url}/__mock/violations`)).json()).toEqual([]);
    expect((await fetch(`${proxy.url}/__mock/violations`, { method: 'POST' })).headers.get('allow')).toBe(
      'GET, HEAD, DELETE',
    );
  });

  test('reports a request payload of the wrong shape by field as a finding about the client, not the deployment', async () => {
    const upstream = await deployment();
    const proxy = await startProxy({ upstream });
    const answer = await fetch(`${proxy.url}${listOne}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ comment: { author: 'Ann', body: 'Hi' } }),
    });
    expect([
      answer.status,
      answer.headers.get('x-mock-violations'),
      answer.headers.get('x-mock-client-findings'),
    ]).toEqual([422, null, '1']);
    expect(proxy.violations.list()[0]?.violations).toEqual([]);
    expect(proxy.journal.list()).toMatchObject([{ status: 422, clientFindings: 1 }]);
    expect(proxy.journal.list()[0]?.violations).toBeUndefined();
    expect(proxy.violations.summary()).toMatch(
      /^proxy: 1 exchange judged, 0 with violations \(0 listed\), 1 with client findings \(1 listed\)/,
    );
    expect(proxy.violations.list()[0]?.clientFindings).toEqual([
      {
        rule: 'request-shape',
        path: 'request/comment/author_email',
        expected: 'is required but missing',
        actual: '(missing)',
      },
    ]);
  });
});

describe('a deployment that answers 404 to everything', () => {
  test('is hinted at once as a wrong base path, in the log and the exit line', async () => {
    const upstream = await serve((_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found."}');
    });
    const lines: string[] = [];
    const proxy = await startProxy({ upstream: `${upstream}/v1`, log: (line) => lines.push(line) });
    for (let read = 0; read < 5; read += 1) await (await fetch(`${proxy.url}${articleOne}`)).text();
    const hints = lines.filter((line) => line.includes('base path'));
    expect(hints).toEqual([
      `proxy: every interface request so far answered 404: is ${upstream}/v1 the right base address (its base path, such as /v1, included)?`,
    ]);
    expect(proxy.violations.summary()).toMatch(
      /; every interface request so far answered 404: is .*\/v1 the right base address/,
    );
  });

  test('gives no hint once an interface request answers anything else', async () => {
    const upstream = await deployment();
    const lines: string[] = [];
    const proxy = await startProxy({ upstream, log: (line) => lines.push(line) });
    await (await fetch(`${proxy.url}/admin/api/articles/999`)).text();
    await (await fetch(`${proxy.url}${articleOne}`)).text();
    for (let read = 0; read < 3; read += 1) await (await fetch(`${proxy.url}/admin/api/articles/999`)).text();
    expect([lines.filter((line) => line.includes('base path')), proxy.violations.summary()]).toEqual([
      [],
      expect.not.stringContaining('base path') as unknown,
    ]);
  });
});

describe('what the proxy adds to an answer', () => {
  test('lets a browser read X-Mock-Violations where the deployment allows its origin', async () => {
    const upstream = await deployment({ rules: variantRules('id-as-string'), validateResponses: false });
    const proxy = await startProxy({ upstream });
    const answer = await fetch(`${proxy.url}${articleOne}`, { headers: { origin: 'http://localhost:5173' } });
    expect(answer.headers.get('access-control-expose-headers')).toMatch(/,\s*x-mock-violations$/i);
    expect(answer.headers.get('x-mock-violations')).toBe('1');
  });

  test('masks a token that the deployment echoes into a reported body', async () => {
    const upstream = await serve((request, response) => {
      response
        .writeHead(401, { 'content-type': 'text/plain' })
        .end(`bad token ${String(request.headers['x-api-token'])}`);
    });
    const proxy = await startProxy({ upstream, token: 'proxy-side-token' });
    await fetch(`${proxy.url}${articleOne}/data/k`, {
      method: 'DELETE',
      headers: { 'x-api-token': 'client-side-token' },
    });
    await fetch(`${proxy.url}${articleOne}/data/k`, { method: 'DELETE' });
    const reports = JSON.stringify(proxy.violations.list());
    expect(proxy.violations.list()).toHaveLength(2);
    expect(reports).toContain('bad token ***');
    expect(reports).not.toMatch(/client-side-token|proxy-side-token/);
  });
});
