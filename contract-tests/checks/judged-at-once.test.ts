/**
 * Key writes of distinct keys sent several at once (judged-at-once.ts): how they are batched, and
 * that the value catalogue's checks send at most `--max-in-flight` at once and still pass a
 * conformant target. The target is the in-process mock behind a forwarding server that counts the
 * key writes under way and holds the first answers until as many writes as the bound are under way,
 * so writes sent at once are seen together however slowly each arrives.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allChecks } from './index';
import { batchesOf } from './judged-at-once';
import { startInProcessMock, type RunningTarget } from '../in-process';
import { runChecks } from '../runner';

describe('batchesOf', () => {
  const keysOf = (batches: { key: string }[][]): string[][] => batches.map((batch) => batch.map(({ key }) => key));
  const writes = (...keys: string[]): { key: string }[] => keys.map((key) => ({ key }));

  test.each([
    { keys: ['a', 'b', 'c', 'd', 'e'], size: 2, want: [['a', 'b'], ['c', 'd'], ['e']] },
    { keys: ['a', 'b', 'c'], size: 1, want: [['a'], ['b'], ['c']] },
    { keys: ['m_Case', 'm_case', 'm_x'], size: 8, want: [['m_Case'], ['m_case', 'm_x']] },
    { keys: ['m_\u00e9', 'm_e\u0301', 'm_y'], size: 8, want: [['m_\u00e9'], ['m_e\u0301', 'm_y']] },
    { keys: ['m_space ', 'm_space'], size: 8, want: [['m_space '], ['m_space']] },
  ])('puts $keys in batches of at most $size, a key that folds as one in its batch starting the next', (given) => {
    expect(keysOf(batchesOf(writes(...given.keys), given.size))).toEqual(given.want);
  });
});

describe('the value catalogue against a target', () => {
  let mock: RunningTarget;
  let front: Server;
  let baseUrl: string;
  const writes = { underWay: 0, most: 0, all: 0, holdUntil: 0, held: [] as (() => void)[] };

  beforeAll(async () => {
    mock = await startInProcessMock();
    front = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        // Key writes: the restore's removals (DELETE) come after, as many at once as its bound.
        const write = request.method === 'PUT';
        if (write) {
          writes.underWay += 1;
          writes.all += 1;
          writes.most = Math.max(writes.most, writes.underWay);
        }
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
        const forwarded = fetch(`${mock.baseUrl}${request.url ?? ''}`, {
          method: request.method ?? 'GET',
          headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
          ...(body ? { body } : {}),
        });
        void forwarded.then(async (answer) => {
          const text = await answer.text();
          const send = (): void => {
            if (write) writes.underWay -= 1;
            response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
            response.end(text);
          };
          if (!write || writes.holdUntil === 0) {
            send();
            return;
          }
          // The first writes wait for each other: once the bound is under way, all go and none waits again.
          writes.held.push(send);
          if (writes.underWay < writes.holdUntil) return;
          writes.holdUntil = 0;
          for (const held of writes.held.splice(0)) held();
        });
      });
    });
    await new Promise<void>((listening) => front.listen(0, '127.0.0.1', listening));
    baseUrl = `http://127.0.0.1:${String((front.address() as AddressInfo).port)}`;
  });

  afterAll(async () => {
    front.closeAllConnections();
    await new Promise((closed) => front.close(closed));
    await mock.close();
  });

  test.each([8, 3, 1])(
    'sends its key writes %i at once, never more, and a conformant target passes them all',
    async (maxInFlight) => {
      Object.assign(writes, { underWay: 0, most: 0, all: 0, holdUntil: maxInFlight });
      const checks = allChecks.filter((check) => check.id === 'set-key-keeps-edge-values');
      const report = await runChecks({ baseUrl, articleIds: [2], maxInFlight, seed: 1 }, checks);
      expect(report.results.map((result) => [result.check.id, result.outcome])).toEqual([
        ['set-key-keeps-edge-values', 'passed'],
      ]);
      expect(writes.most).toBe(maxInFlight);
      expect(writes.all).toBeGreaterThan(maxInFlight);
    },
    30_000,
  );
});
