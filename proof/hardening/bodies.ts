/**
 * Request bodies: valid payloads from the schemas, payloads of another operation, damaged ones,
 * truncated and malformed JSON, bodies nested around and far past the depth limit, bodies at and
 * past the size limit, gzip (honest, lying, and a bomb), and no body at all.
 */
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { OperationId } from 'site-articles-schemas/catalogue';
import { maxBodyBytes, maxJsonDepth } from '../../mock/core/limits';
import { breakPayload, payloadArbitrary } from './schema-arbitrary';
import { readBody, requestShapeOf, type BodyReading, type Verdict } from './verdicts';

/** One generated body choice; `bodyFor` turns it into bytes for a given operation. */
export interface BodySeed {
  kind:
    | 'matching'
    | 'other'
    | 'broken'
    | 'truncated'
    | 'junk'
    | 'deep'
    | 'huge'
    | 'atLimit'
    | 'gzip'
    | 'bomb'
    | 'lyingGzip'
    | 'none';
  payloads: { updateArticle: unknown; setDataKey: unknown; postComment: unknown };
  broken: { updateArticle: unknown; setDataKey: unknown; postComment: unknown };
  cut: number;
  depth: number;
  junk: string;
}

/** Malformed or borderline texts; the oracle reads each like any other body. */
const junkTexts = [
  '',
  'null',
  '[]',
  '"text"',
  '42',
  '{',
  '}',
  '{"value":1,}',
  "{'value':1}",
  'NaN',
  '{"value":NaN}',
  '{"value":01}',
  '{"value":1}garbage',
  '{"value":1}{"value":2}',
  '{"value":"\\ud800"}',
  '{"value":1e400}',
  '{"value":-1e400}',
  '{"value":12345678901234567890}',
  '{"value":"a\u0000b"}',
  '{"value":"\\u0000"}',
  '{"__proto__":{"value":1}}',
  '{"value":1,"value":2}',
  ' \n\t{"value":true} \n',
  '{"value":{"__proto__":{"polluted":1}}}',
];

export const bodySeedArbitrary: fc.Arbitrary<BodySeed> = fc.record({
  kind: fc.oneof(
    { arbitrary: fc.constant('matching' as const), weight: 45 },
    { arbitrary: fc.constantFrom('other', 'broken', 'truncated', 'junk', 'deep', 'gzip'), weight: 18 },
    { arbitrary: fc.constantFrom('huge', 'atLimit', 'bomb', 'lyingGzip', 'none'), weight: 2 },
  ),
  payloads: fc.record({
    updateArticle: payloadArbitrary('ArticleUpdateRequest'),
    setDataKey: payloadArbitrary('DataValueRequest'),
    postComment: payloadArbitrary('CommentPostRequest'),
  }),
  broken: fc.record({
    updateArticle: breakPayload(payloadArbitrary('ArticleUpdateRequest')),
    setDataKey: breakPayload(payloadArbitrary('DataValueRequest')),
    postComment: breakPayload(payloadArbitrary('CommentPostRequest')),
  }),
  cut: fc.nat(),
  depth: fc.constantFrom(maxJsonDepth - 2, maxJsonDepth - 1, maxJsonDepth, maxJsonDepth + 1, 1000, 100_000),
  junk: fc.constantFrom(...junkTexts),
});

export interface BuiltBody extends BodyReading {
  bytes?: Buffer;
  encoding?: string;
}

type WriteOperation = keyof BodySeed['payloads'];
const isWrite = (operation: OperationId): operation is WriteOperation => requestShapeOf[operation] !== undefined;

/** `levels` nested arrays, as text, so no generator recursion is needed for 100 000 levels. */
const nested = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** Where each operation's payload can carry a JSON value, and how many levels the wrapping adds. */
const wrapDeep: Record<WriteOperation, (inner: string) => string> = {
  updateArticle: (inner) => `{"article":{"data":{"deep":${inner}}}}`,
  setDataKey: (inner) => `{"value":${inner}}`,
  postComment: (inner) => `{"comment":{"author":"a","author_email":"a@example.com","body":"b","extra":${inner}}}`,
};
const wrapLevels: Record<WriteOperation, number> = { updateArticle: 3, setDataKey: 1, postComment: 2 };

function textFor(seed: BodySeed, operation: WriteOperation): string {
  const own = JSON.stringify(seed.payloads[operation]);
  switch (seed.kind) {
    case 'other':
      return JSON.stringify(seed.payloads[operation === 'setDataKey' ? 'postComment' : 'setDataKey']);
    case 'broken':
      return JSON.stringify(seed.broken[operation]);
    case 'truncated':
      return own.slice(0, seed.cut % own.length);
    case 'junk':
      return seed.junk;
    case 'deep':
      return wrapDeep[operation](nested(Math.max(seed.depth - wrapLevels[operation], 0)));
    case 'huge':
      return `{"value":"${'x'.repeat(maxBodyBytes)}"}`;
    case 'atLimit':
      return wrapDeep[operation](`"${'x'.repeat(maxBodyBytes - wrapDeep[operation]('""').length)}"`);
    default:
      return own;
  }
}

let bombBytes: Buffer | undefined;
/** A few kilobytes that inflate to four times the body limit. */
const bomb = (): Buffer => (bombBytes ??= gzipSync(Buffer.alloc(maxBodyBytes * 4, 0x20)));

export function bodyFor(seed: BodySeed, operation: OperationId | undefined): BuiltBody {
  if (seed.kind === 'none') return { verdict: 'refused' };
  const write: WriteOperation = operation !== undefined && isWrite(operation) ? operation : 'setDataKey';
  if (seed.kind === 'bomb') return { bytes: bomb(), encoding: 'gzip', verdict: 'refused' };
  const plain = Buffer.from(textFor(seed, write), 'utf8');
  if (seed.kind === 'lyingGzip') return { bytes: plain, encoding: 'gzip', verdict: 'refused' };
  const bytes = seed.kind === 'gzip' ? gzipSync(plain) : plain;
  const encoding = seed.kind === 'gzip' ? 'gzip' : undefined;
  const reading: { verdict: Verdict; payload?: unknown } = readBody(write, bytes, encoding);
  return { bytes, ...(encoding ? { encoding } : {}), ...reading };
}
