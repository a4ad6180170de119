/**
 * `Client.readNow` (settled-reads.ts): a read of an article is sent again only when something may
 * have changed the article since the last one. The target here counts the requests it is sent, and
 * holds a write's answer until the test lets it go.
 */
import type { ServerResponse } from 'node:http';
import { closeHostileTargets, httpTarget } from '../../test-support/hostile-targets';
import { Client } from './client';

const article = '/admin/api/articles/1';

/** A target that counts its reads of article 1, answers them as `readAnswer` says, and holds writes ending in `/held`. */
async function countingTarget(readAnswer: () => { status: number; body: string } = () => okRead) {
  const seen = { reads: 0 };
  const held: ServerResponse[] = [];
  const base = await httpTarget((request, response) => {
    response.setHeader('Content-Type', 'application/json');
    if (request.method === 'GET' && request.url === `/base${article}`) {
      seen.reads += 1;
      const { status, body } = readAnswer();
      response.statusCode = status;
      response.end(body);
    } else if (request.url?.endsWith('/held')) held.push(response);
    else if (request.url?.endsWith('/dropped')) request.socket.destroy();
    else response.end('{}');
  });
  const release = (): void => {
    for (const response of held.splice(0)) response.end('{}');
  };
  return { client: new Client(`${base}/base`), seen, release, held };
}

const okRead = { status: 200, body: JSON.stringify({ id: 1, data: { kept: true } }) };

afterAll(closeHostileTargets);

test('reads an article once while nothing that may change it is sent, and gives the same answer again', async () => {
  const { client, seen } = await countingTarget();
  const first = await client.readNow(article);
  await client.send({ method: 'GET', to: `${article}/comments` });
  const again = await client.readNow(article);
  expect([seen.reads, again]).toEqual([1, first]);
});

test.each([
  ['a key write to it', 'PUT', `${article}/data/key`],
  ['a key removal from it', 'DELETE', `${article}/data/key`],
  ['a full update of it', 'PUT', article],
  ['a post at one of its comment list addresses', 'POST', '/admin/api/site/article/1/comments.json'],
  ['a write to an address that names no article', 'PUT', '/admin/api/elsewhere'],
] as const)('reads the article again after %s', async (_what, method, to) => {
  const { client, seen } = await countingTarget();
  await client.readNow(article);
  await client.send({ method, to, json: { value: 1 } });
  await client.readNow(article);
  expect(seen.reads).toBe(2);
});

test('keeps the last read of an article when another article is written', async () => {
  const { client, seen } = await countingTarget();
  await client.readNow(article);
  await client.send({ method: 'PUT', to: '/admin/api/articles/2/data/key', json: { value: 1 } });
  await client.readNow(article);
  expect(seen.reads).toBe(1);
});

test('sends every read while a write to the article is under way, and again once it is answered', async () => {
  const { client, seen, release, held } = await countingTarget();
  const write = client.send({ method: 'PUT', to: `${article}/data/held`, json: { value: 1 } });
  while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  await client.readNow(article);
  await client.readNow(article);
  release();
  await write;
  await client.readNow(article);
  await client.readNow(article);
  expect(seen.reads).toBe(3);
});

test('never reuses a read that did not show the article with its data', async () => {
  const answers = [{ status: 500, body: '{}' }, { status: 200, body: '{"id":1}' }, okRead, okRead];
  const { client, seen } = await countingTarget(() => answers.shift() ?? okRead);
  for (let read = 0; read < 4; read += 1) await client.readNow(article);
  expect(seen.reads).toBe(3);
});

test('reads the article every time after a write to it that got no answer, which may land at any moment', async () => {
  const { client, seen } = await countingTarget();
  await expect(client.send({ method: 'PUT', to: `${article}/data/dropped`, json: { value: 1 } })).rejects.toThrow(
    /got no answer/,
  );
  await client.readNow(article);
  await client.readNow(article);
  expect(seen.reads).toBe(2);
});
