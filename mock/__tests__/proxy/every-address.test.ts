/**
 * The proxy judges every address the mock answers (the one route table, schemas/conformance/routes.ts):
 * each operation at each of its addresses, in the letter case and with the trailing slash the
 * mock also takes. The deployment behind it answers everything with a plain-text 200, which no
 * operation of section 4 allows, so a judged exchange always carries X-Mock-Violations.
 */
import { operations } from 'site-articles-schemas/catalogue';
import { fillPath, pathsOf } from 'site-articles-schemas/conformance';
import { closeAll, serve, startProxy } from './servers';

afterEach(closeAll);

const payloads: Record<string, unknown> = {
  updateArticle: { article: { data: { a: 1 } } },
  setDataKey: { value: 1 },
  postComment: { comment: { author: 'Ann', author_email: 'ann@example.com', body: 'Hi' } },
};

const everyAddress = operations.flatMap((operation) =>
  pathsOf(operation.id).map(({ path }) => ({
    method: operation.method,
    path: fillPath(path, { article_id: 7, key: 'colour' }),
    body: payloads[operation.id],
  })),
);

async function plainTextDeployment(): Promise<string> {
  return serve((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'text/plain' }).end('not JSON'));
  });
}

async function violationsAt(proxy: string, method: string, path: string, body: unknown): Promise<string | null> {
  const answer = await fetch(`${proxy}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  await answer.arrayBuffer();
  return answer.headers.get('x-mock-violations');
}

test.each(everyAddress)('judges $method $path', async ({ method, path, body }) => {
  const proxy = await startProxy({ upstream: await plainTextDeployment() });
  for (const form of [path, path.toUpperCase().replace('/ADMIN/API', '/admin/api'), `${path}/`])
    expect([form, await violationsAt(proxy.url, method, form, body)]).toEqual([form, expect.stringMatching(/^[1-9]/)]);
});

test('leaves an address outside the interface unjudged', async () => {
  const proxy = await startProxy({ upstream: await plainTextDeployment() });
  expect(await violationsAt(proxy.url, 'GET', '/admin/api/articles/7/contents', undefined)).toBeNull();
});
