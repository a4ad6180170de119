/**
 * The mock's limits. The interface states none (section 8: "not shown"); these keep one broken or
 * hostile client from breaking the mock for everyone else, and each answers with a clear error
 * from the catalogue. Lengths are counted as JavaScript counts them (UTF-16 code units). `npm run generate`
 * writes every value into docs/hardening.md.
 */
import { ApiError } from './api-error';

/** Largest request body of the interface's routes, in bytes (after decompression): 413. */
export const maxBodyBytes = 1_048_576;
/** Deepest nesting of a request body (`{}` and `[]` are one level each): 400. */
export const maxJsonDepth = 32;
/** Deepest nesting of a control-API body: a fixture holds `data` values four levels further in. */
export const maxFixtureDepth = 2 * maxJsonDepth;
/** Longest `data` key a write may create (4.2, 4.3): 422. */
export const maxKeyLength = 1024;
/** Longest comment fields a post may carry (4.6): 422. An e-mail address has at most 254. */
export const maxCommentLengths = { author: 255, author_email: 254, body: 10_000 } as const;
/** Longest query string: comment lists repeat it four times in `Link`, which must stay readable: 414. */
export const maxQueryLength = 2048;
/** Longest Host used in answers' addresses (a DNS name, `:` and a port); longer ones are not echoed. */
export const maxHostLength = 259;
/** Longest `X-Mock-Ignored-Fields` value; the rest is counted, not listed, so the header stays readable. */
export const maxIgnoredFieldsLength = 2048;

type Problems = Record<string, string[]>;

/** What is wrong with a parsed JSON body, walked without recursion so no depth can overflow the stack. */
export function jsonBodyProblem(
  value: unknown,
  maxDepth: number,
): { code: 'bodyTooDeep' | 'numberOutOfRange'; message: string } | undefined {
  const items: unknown[] = [value];
  const depths: number[] = [0];
  while (items.length > 0) {
    const item = items.pop();
    const depth = depths.pop() ?? 0;
    if (typeof item === 'number' && !Number.isFinite(item)) {
      return {
        code: 'numberOutOfRange',
        message: 'The JSON body holds a number too large to store (it would read back as null).',
      };
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= maxDepth)
      return { code: 'bodyTooDeep', message: `The JSON body nests deeper than ${maxDepth} levels.` };
    for (const child of Object.values(item)) {
      items.push(child);
      depths.push(depth + 1);
    }
  }
  return undefined;
}

export function requireJsonWithin(value: unknown, maxDepth: number): void {
  const problem = jsonBodyProblem(value, maxDepth);
  if (problem) throw new ApiError(problem.code, { message: problem.message });
}

/** 414 when the query string of a request address is longer than `maxQueryLength`. */
export function requireShortQuery(url: string): void {
  const start = url.indexOf('?');
  if (start >= 0 && url.length - start - 1 > maxQueryLength) {
    throw new ApiError('queryTooLong', { message: `The query string is longer than ${maxQueryLength} characters.` });
  }
}

const tooLong = (limit: number): string => `is longer than ${limit} characters`;

/** 4.3: the key in the path. */
export function keyProblems(key: string): Problems {
  return key.length > maxKeyLength ? { key: [tooLong(maxKeyLength)] } : {};
}

/** 4.2: the keys of `article.data`, when the payload has one. */
export function dataKeyProblems(payload: unknown): Problems {
  const data = (payload as { article?: { data?: unknown } } | null)?.article?.data;
  if (data === null || typeof data !== 'object') return {};
  const long = Object.keys(data).filter((key) => key.length > maxKeyLength).length;
  return long > 0
    ? { 'article.data': [`has ${long} key${long === 1 ? '' : 's'} longer than ${maxKeyLength} characters`] }
    : {};
}

/** 4.6: the string fields of `comment`; other types are the schema's business. */
export function commentSizeProblems(payload: unknown): Problems {
  const comment = (payload as { comment?: unknown } | null)?.comment;
  if (comment === null || typeof comment !== 'object') return {};
  const problems: Problems = {};
  for (const [field, limit] of Object.entries(maxCommentLengths)) {
    const value = (comment as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.length > limit) problems[`comment.${field}`] = [tooLong(limit)];
  }
  return problems;
}

/** Lone UTF-16 surrogates become U+FFFD: `encodeURIComponent` throws on them. */
const wellFormed = (text: string): string =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/**
 * The `X-Mock-Ignored-Fields` value: names percent-encoded and joined with `, ` up to `maxLength`,
 * then a count of the rest (`a, b, (3 more)`; an encoded name never holds a space).
 */
export function ignoredFieldsValue(names: readonly string[], maxLength = maxIgnoredFieldsLength): string {
  const shown: string[] = [];
  let length = 0;
  for (const name of names) {
    const encoded = encodeURIComponent(wellFormed(name));
    if (length + encoded.length > maxLength) break;
    shown.push(encoded);
    length += encoded.length + 2;
  }
  const left = names.length - shown.length;
  return (left > 0 ? [...shown, `(${left} more)`] : shown).join(', ');
}
