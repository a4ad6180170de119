/**
 * `--judge-writes` against a deployment that pages its comment lists with `Link: rel="next"` (as
 * the API family does): the proxy reads every page before judging a post, and a write's own
 * answer is reported once, not again by the write judge.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createApp } from '../../index';
import { nodeListener } from '../../adapters/node-listener';
import { variantRules } from '../../../proof/variants';
import { closeAll, serve, startProxy } from './servers';

afterEach(closeAll);

const json = { 'content-type': 'application/json' };

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Relays to the mock, but answers a comment list two comments a page, each page linking to the next. */
async function pagingDeployment(): Promise<{ url: string; seen: string[] }> {
  const mock = await serve(nodeListener(createApp()));
  const seen: string[] = [];
  const relay = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    seen.push(`${request.method ?? ''} ${request.url ?? ''}`);
    const address = new URL(request.url ?? '/', mock);
    const page = Number(address.searchParams.get('page') ?? '1');
    address.searchParams.delete('page');
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await bodyOf(request);
    const answer = await fetch(address, { method: request.method ?? 'GET', headers: json, body });
    const text = await answer.text();
    if (!address.pathname.endsWith('/comments.json') || request.method !== 'GET') {
      response.writeHead(answer.status, json).end(text);
      return;
    }
    const items = JSON.parse(text) as unknown[];
    const next = items.length > page * 2 ? { link: `<${address.pathname}?page=${page + 1}>; rel="next"` } : {};
    response.writeHead(200, { ...json, ...next }).end(JSON.stringify(items.slice((page - 1) * 2, page * 2)));
  };
  const url = await serve((request, response) => void relay(request, response));
  return { url, seen };
}

test('reads every page of the comment list after a post and finds the comment and the count right', async () => {
  const deployment = await pagingDeployment();
  const proxy = await startProxy({ upstream: deployment.url, judgeWrites: true });
  for (const body of ['one', 'two', 'three']) {
    const answer = await fetch(`${proxy.url}/admin/api/site/articles/1/comments.json`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ comment: { author: 'Ann', author_email: 'ann@example.com', body } }),
    });
    expect([answer.status, answer.headers.get('x-mock-violations')]).toEqual([200, null]);
  }
  expect(deployment.seen).toContain('GET /admin/api/site/articles/1/comments.json?page=2');
  expect(proxy.violations.list()).toEqual([]);
});

test("reports a write's own answer once, not a second time from the write judge", async () => {
  const upstream = await serve(
    nodeListener(createApp({ rules: variantRules('set-key-answer-without-language-url'), validateResponses: false })),
  );
  const proxy = await startProxy({ upstream, judgeWrites: true });
  const answer = await fetch(`${proxy.url}/admin/api/articles/1/data/size`, {
    method: 'PUT',
    headers: json,
    body: '{"value": 4}',
  });
  expect(answer.headers.get('x-mock-violations')).toBe('1');
  expect(proxy.violations.list()[0]?.violations.map(({ rule, path }) => [rule, path])).toEqual([
    ['answer-shape', '/language/url'],
  ]);
});
