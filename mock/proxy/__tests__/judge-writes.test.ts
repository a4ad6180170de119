/**
 * `--judge-writes`: the proxy reads the article before and after each write (and the comment list
 * after a post) and reports the write with the reads it compared.
 */
import type { RequestListener } from 'node:http';
import { createApp } from '../..';
import { variantRules } from '../../variants';
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
    rules: variantRules('timestamp-without-millis'),
    validateResponses: false,
  });
  const proxy = await startProxy({ upstream: deployment.url, judgeWrites: true });
  const answer = await fetch(`${proxy.url}/admin/api/articles/1/data/size`, {
    method: 'PUT',
    headers: json,
    body: '{"value": 4}',
  });
  expect(answer.headers.get('x-mock-violations')).toBe('1');
  const [report] = proxy.violations.list();
  expect(report?.violations.map((violation) => violation.path)).toEqual(['after/created_at']);
  expect(report?.reads).toEqual([
    expect.stringMatching(/^GET \/admin\/api\/articles\/1 \(before, \d{4}-/),
    expect.stringMatching(/^GET \/admin\/api\/articles\/1 \(after, \d{4}-/),
  ]);
});
