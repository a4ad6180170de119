/**
 * The limits of HTTP itself that the core enforces before any rule runs. The interface states none
 * (section 8: "not shown"); these keep one broken or hostile client from breaking the mock for
 * everyone else, each answering with a clear error from the catalogue. The rules' own limits (key
 * and comment lengths) are in rules/limits.ts. `npm run generate` writes every value into
 * docs/hardening.md.
 */
import { ApiError } from './api-error';

/** Largest request body of the interface's routes, in bytes (after decompression): 413. */
export const maxBodyBytes = 1_048_576;
/** Deepest nesting of a request body (`{}` and `[]` are one level each): 400. */
export const maxJsonDepth = 32;
/** Deepest nesting of a control-API body: a fixture holds `data` values four levels further in. */
export const maxFixtureDepth = 2 * maxJsonDepth;
/** Longest query string: comment lists repeat it four times in `Link`, which must stay readable: 414. */
export const maxQueryLength = 2048;
/** Longest Host used in answers' addresses (a DNS name, `:` and a port); longer ones are not echoed. */
export const maxHostLength = 259;

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
