/**
 * `--judge-writes`: the proxy reads the article before and after each write (and the comment list
 * after a post) and reports the write with the reads it compared.
 */
import type { RequestListener } from 'node:http';
import { createApp } from '../../index';
import { variantRules } from '../../../proof/variants';
import type { ViolationReport } from '../../proxy/violations';
import { closeAll, serve, startProxy } from './servers';

afterEach(closeAll);

const json = { 'content-type': 'application/json' };

async function loggedDeployment(
  options: Parameters<typeof createApp>[0] = {},
): Promise<{ url: string; seen: string[] }> {
  const app = createApp(options).app as unknown as RequestListener;
  const seen: string[] = [];
  const url = await serve((request, response) => {
    seen.push(`${request.method ?? ''} ${request.url ?? ''}`);
    app(request, response);
  });
  return { url, seen };
}

test('reads the article around a write and the list after a post, with the client token', async () => {
  const deployment = await loggedDeployment({ token: 'writer-token' });
  const proxy = await startProxy({ upstream: deployment.url, judgeWrites: true });
  const put = await fetch(`${proxy.url}/admin/api/articles/2/data/size?api_token=writer-token`, {
    method: 'PUT',
    headers: json,
    body: '{"value": 4}',
  });
  expect(put.status).toBe(200);
  const post = await fetch(`${proxy.url}/admin/api/site/articles/2/comments.json`, {
    method: 'POST',
    headers: { ...json, 'x-api-token': 'writer-token' },
    body: JSON.stringify({ comment: { author: 'Ann', author_email: 'ann@example.com', body: 'Hi' } }),
  });
  expect([post.status, post.headers.get('x-mock-violations')]).toEqual([200, null]);
  expect(deployment.seen).toEqual([
    'GET /admin/api/articles/2?api_token=writer-token',
    'PUT /admin/api/articles/2/data/size?api_token=writer-token',
    'GET /admin/api/articles/2?api_token=writer-token',
    'GET /admin/api/articles/2',
    'POST /admin/api/site/articles/2/comments.json',
    'GET /admin/api/articles/2',
    'GET /admin/api/site/articles/2/comments.json',
  ]);
  expect(proxy.violations.list()).toEqual([]);
});

test('reports a write whose article read afterwards breaks the interface, naming the reads compared', async () => {
  const deployment = await loggedDeployment({
    rules: variantRules('delete-key-updated-at-without-millis'),
    validateResponses: false,
  });
  const proxy = await startProxy({ upstream: deployment.url, judgeWrites: true });
  await fetch(`${proxy.url}/admin/api/articles/1/data/size`, { method: 'PUT', headers: json, body: '{"value": 4}' });
  const answer = await fetch(`${proxy.url}/admin/api/articles/1/data/size`, { method: 'DELETE' });
  expect([answer.status, answer.headers.get('x-mock-violations')]).toEqual([204, '2']);
  const [report] = proxy.violations.list();
  expect(report?.violations.map(({ rule, path }) => [rule, path])).toEqual([
    ['article-shape', '/updated_at'],
    ['real-dates', '/updated_at'],
  ]);
  expect(report?.reads).toEqual([
    expect.stringMatching(/^GET \/admin\/api\/articles\/1 \(before, \d{4}-/),
    expect.stringMatching(/^GET \/admin\/api\/articles\/1 \(after, \d{4}-/),
  ]);
});

/** A write through the proxy to a broken deployment, and the one report it gave. */
async function reportOf(variant: string, ...writes: [string, RequestInit][]): Promise<ViolationReport | undefined> {
  const deployment = await loggedDeployment({ rules: variantRules(variant), validateResponses: false });
  const proxy = await startProxy({ upstream: deployment.url, judgeWrites: true });
  for (const [path, init] of writes) await fetch(`${proxy.url}${path}`, init);
  expect(proxy.violations.list()).toHaveLength(1);
  return proxy.violations.list()[0];
}

describe('a deployment whose writes break the interface is reported by the contract suite’s write judge', () => {
  test('a key removal that also changes the title names the title, with both values', async () => {
    const report = await reportOf(
      'delete-key-retitles',
      ['/admin/api/articles/1/data/size', { method: 'PUT', headers: json, body: '{"value": 4}' }],
      ['/admin/api/articles/1/data/size', { method: 'DELETE' }],
    );
    expect(report).toMatchObject({ method: 'DELETE', operation: 'deleteDataKey' });
    expect(report?.violations).toEqual([
      {
        rule: 'attributes-unchanged',
        path: '/title',
        expected: '"Ten years of small websites"',
        actual: '"Ten years of small websites (edited)"',
      },
    ]);
    expect(report?.reads).toHaveLength(2);
  });

  test('a key write that keeps the old value names the key, with the value the write states and the one kept', async () => {
    const write: RequestInit = { method: 'PUT', headers: json, body: '{"value": 4}' };
    const report = await reportOf(
      'set-key-keeps-old-value',
      ['/admin/api/articles/1/data/size', { ...write, body: '{"value": 3}' }],
      ['/admin/api/articles/1/data/size', write],
    );
    expect(report?.violations).toEqual([
      {
        rule: 'data-as-predicted',
        path: '/data/size',
        expected: '4',
        actual: '3',
      },
    ]);
  });

  test('a post that leaves comments_count stale names the count and the list read after it', async () => {
    const comment = { comment: { author: 'Ann', author_email: 'ann@example.com', body: 'Hi' } };
    const report = await reportOf('post-leaves-count-stale', [
      '/admin/api/site/articles/2/comments.json',
      { method: 'POST', headers: json, body: JSON.stringify(comment) },
    ]);
    expect(report?.violations.map(({ rule, path }) => [rule, path])).toEqual([
      ['comments-count-listed', '/comments_count'],
      ['comments-count-grows-by-one', '/comments_count'],
    ]);
    expect(report?.reads).toEqual([
      expect.stringMatching(/^GET \/admin\/api\/articles\/2 \(before, /),
      expect.stringMatching(/^GET \/admin\/api\/articles\/2 \(after, /),
      expect.stringMatching(/^GET \/admin\/api\/site\/articles\/2\/comments.json \(after, /),
    ]);
  });
});
