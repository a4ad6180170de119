/**
 * The rules' own limits: how long a data key and a comment's fields may be, and how the
 * `X-Mock-Ignored-Fields` value is cut. The interface states none (section 8: "not shown"); each
 * answers with a clear 422. The limits of HTTP itself (body size and depth, query, Host) are in
 * core/limits.ts. Lengths are counted as JavaScript counts them (UTF-16 code units). `npm run
 * generate` writes every value into docs/hardening.md.
 */
/** Longest `data` key a write may create (4.2, 4.3): 422. */
export const maxKeyLength = 1024;
/** Longest comment fields a post may carry (4.6): 422. An e-mail address has at most 254. */
export const maxCommentLengths = { author: 255, author_email: 254, body: 10_000 } as const;
/** Longest `X-Mock-Ignored-Fields` value; the rest is counted, not listed, so the header stays readable. */
export const maxIgnoredFieldsLength = 2048;

type Problems = Record<string, string[]>;

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
