/**
 * Each limit of rules/limits.ts is a clear JSON error with the right status, and a request
 * right at the limit still succeeds. The interface states no limits (section 8).
 */
import { gzipSync } from 'node:zlib';
import {
  jsonBodyProblem,
  maxBodyBytes,
  maxFixtureDepth,
  maxHostLength,
  maxJsonDepth,
  maxQueryLength,
} from '../../mock/core/limits';
import { maxCommentLengths, maxIgnoredFieldsLength, maxKeyLength } from '../../mock/rules/limits';
import { startMock, type Harness } from './harness';
import { read, request, write, type ArticleView } from './requests';

let harness: Harness;
beforeAll(async () => {
  harness = await startMock();
});
afterAll(() => harness.close());
beforeEach(() => {
  harness.mock.reset();
});

const nested = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const message = (body: unknown): unknown => (body as { message?: unknown } | undefined)?.message;
const errors = (body: unknown): Record<string, string[]> =>
  (body as { errors?: Record<string, string[]> }).errors ?? {};

describe('body size', () => {
  const ofSize = (bytes: number): string => `{"value":"${'x'.repeat(bytes - 12)}"}`;

  test('accepts a body of exactly the maximum size', async () => {
    expect((await write(harness, 'PUT', '/admin/api/articles/2/data/big', ofSize(maxBodyBytes))).status).toBe(200);
  });

  test('answers 413 with a JSON message to a body one byte larger', async () => {
    const answer = await write(harness, 'PUT', '/admin/api/articles/2/data/big', ofSize(maxBodyBytes + 1));
    expect([answer.status, message(answer.body)]).toEqual([
      413,
      'Request body is too large: the limit is 1048576 bytes (1 MiB).',
    ]);
  });

  test('answers 413 to a small gzip body that inflates past the maximum', async () => {
    const bomb = gzipSync(Buffer.from(ofSize(maxBodyBytes * 8)));
    const answer = await request(harness, {
      method: 'PUT',
      path: '/admin/api/articles/2/data/big',
      headers: [
        ['Content-Type', 'application/json'],
        ['Content-Encoding', 'gzip'],
      ],
      body: bomb,
    });
    expect([bomb.length < 20_000, answer.status, typeof message(answer.body)]).toEqual([true, 413, 'string']);
  });
});

describe('nesting depth', () => {
  test('accepts a body nested exactly to the maximum depth and stores the value', async () => {
    const answer = await write(
      harness,
      'PUT',
      '/admin/api/articles/2/data/deep',
      `{"value":${nested(maxJsonDepth - 1)}}`,
    );
    expect(answer.status).toBe(200);
    expect(JSON.stringify((answer.body as ArticleView).data.deep)).toBe(nested(maxJsonDepth - 1));
  });

  test('answers 400 naming the limit to a body one level deeper', async () => {
    const answer = await write(harness, 'PUT', '/admin/api/articles/2/data/deep', `{"value":${nested(maxJsonDepth)}}`);
    expect([answer.status, message(answer.body)]).toEqual([
      400,
      `The JSON body nests deeper than ${maxJsonDepth} levels.`,
    ]);
  });

  test('answers 400 to a body nested 100 000 levels and changes nothing', async () => {
    const before = harness.mock.state();
    const answers = [
      await write(harness, 'PUT', '/admin/api/articles/2/data/deep', `{"value":${nested(100_000)}}`),
      await write(harness, 'PUT', '/admin/api/articles/2', `{"article":{"data":{"deep":${nested(100_000)}}}}`),
      await write(harness, 'POST', '/admin/api/articles/2/comments', `{"comment":${nested(100_000)}}`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400]);
    expect(harness.mock.state()).toEqual(before);
  });

  test('answers 400 to a number too large to store rather than storing null', async () => {
    const answer = await write(harness, 'PUT', '/admin/api/articles/2/data/huge', '{"value":1e400}');
    expect([answer.status, typeof message(answer.body)]).toEqual([400, 'string']);
  });

  test('finds the depth of a million-level value without overflowing the stack', () => {
    let value: unknown = [];
    for (let level = 0; level < 1_000_000; level += 1) value = [value];
    expect(jsonBodyProblem(value, maxJsonDepth)?.code).toBe('bodyTooDeep');
  });
});

describe('data key length', () => {
  test('accepts a key of exactly the maximum length', async () => {
    const key = 'k'.repeat(maxKeyLength);
    const answer = await write(harness, 'PUT', `/admin/api/articles/2/data/${key}`, { value: 1 });
    expect([answer.status, (answer.body as ArticleView).data[key]]).toEqual([200, 1]);
  });

  test('answers 422 naming the key to a longer key in the path', async () => {
    const answer = await write(harness, 'PUT', `/admin/api/articles/2/data/${'k'.repeat(maxKeyLength + 1)}`, {
      value: 1,
    });
    expect([answer.status, errors(answer.body)]).toEqual([422, { key: [`is longer than ${maxKeyLength} characters`] }]);
  });

  test('answers 422 naming article.data to an update holding a longer key, and keeps the data', async () => {
    const before = harness.mock.state();
    const answer = await write(harness, 'PUT', '/admin/api/articles/1', {
      article: { data: { ok: 1, ['k'.repeat(maxKeyLength + 1)]: 2 } },
    });
    expect([answer.status, Object.keys(errors(answer.body))]).toEqual([422, ['article.data']]);
    expect(harness.mock.state()).toEqual(before);
  });
});

describe('comment size', () => {
  const comment = { author: 'Ann', author_email: 'ann@example.com', body: 'Hello.' };
  const ofLength = (field: keyof typeof maxCommentLengths, length: number): string =>
    field === 'author_email' ? `${'a'.repeat(length - 12)}@example.com` : 'c'.repeat(length);

  test.each(Object.entries(maxCommentLengths) as [keyof typeof maxCommentLengths, number][])(
    'accepts %s at %i characters and answers 422 to one more',
    async (field, limit) => {
      const atLimit = await write(harness, 'POST', '/admin/api/articles/2/comments', {
        comment: { ...comment, [field]: ofLength(field, limit) },
      });
      const over = await write(harness, 'POST', '/admin/api/articles/2/comments', {
        comment: { ...comment, [field]: ofLength(field, limit + 1) },
      });
      expect([atLimit.status, over.status, errors(over.body)[`comment.${field}`]]).toEqual([
        200,
        422,
        [`is longer than ${limit} characters`],
      ]);
    },
  );
});

describe('addresses and headers', () => {
  test('answers 414 to a query longer than the maximum, and 200 at the maximum', async () => {
    const at = await read(harness, `/admin/api/articles/1/comments?x=${'q'.repeat(maxQueryLength - 2)}`);
    const over = await read(harness, `/admin/api/articles/1/comments?x=${'q'.repeat(maxQueryLength - 1)}`);
    expect([at.status, over.status, message(over.body)]).toEqual([
      200,
      414,
      `The query string is longer than ${maxQueryLength} characters.`,
    ]);
  });

  test('builds answer addresses from the socket address when Host is longer than the maximum', async () => {
    const host = `${'h'.repeat(maxHostLength)}.localhost`;
    const answer = await request(harness, { method: 'GET', path: '/admin/api/articles/1', headers: [['Host', host]] });
    expect((answer.body as { url: string }).url).toBe(`http://127.0.0.1:${harness.port}/admin/api/articles/1`);
  });

  test('lists ignored fields up to the maximum length and counts the rest', async () => {
    const extra = Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [`field_${index}`, index]));
    const answer = await write(harness, 'PUT', '/admin/api/articles/2', {
      article: { data: { kept: true }, ...extra },
    });
    const header = String(answer.headers['x-mock-ignored-fields']);
    const [counted] = /\(([0-9]+) more\)$/.exec(header)?.slice(1) ?? [];
    expect(answer.status).toBe(200);
    expect(header.length).toBeLessThanOrEqual(maxIgnoredFieldsLength + 12);
    expect(header.split(', ').length - 1 + Number(counted)).toBe(1000);
  });

  test('names an ignored field holding a lone surrogate instead of failing', async () => {
    const answer = await write(harness, 'PUT', '/admin/api/articles/2', '{"article":{"data":{},"x\\ud800":1}}');
    expect([answer.status, answer.headers['x-mock-ignored-fields']]).toEqual([200, 'article.x%EF%BF%BD']);
  });
});

describe('control API', () => {
  test('answers 400 to a fixture nested deeper than the fixture maximum', async () => {
    const answer = await write(harness, 'PUT', '/__mock/fixture', `{"pages":${nested(maxFixtureDepth + 1)}}`);
    expect([answer.status, message(answer.body)]).toEqual([
      400,
      `The JSON body nests deeper than ${maxFixtureDepth} levels.`,
    ]);
  });

  test('reloads its own state when a data value is nested as deep as the API allows', async () => {
    await write(harness, 'PUT', '/admin/api/articles/2/data/deep', `{"value":${nested(maxJsonDepth - 1)}}`);
    const state = (await read(harness, '/__mock/state')).text;
    expect((await write(harness, 'PUT', '/__mock/fixture', state)).status).toBe(204);
  });
});
