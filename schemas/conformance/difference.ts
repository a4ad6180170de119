/**
 * How one JSON value differs from another, path by path: what a reader of a report needs, rather
 * than two whole objects (a data value may be tens of kilobytes). Each difference names its JSON
 * Pointer and whether the value there is missing, extra or changed; the keys that are equal are
 * counted, not listed.
 */
import { isDeepStrictEqual } from 'node:util';

type Data = Record<string, unknown>;

/** The most of one value a report shows. */
export const shownValueLength = 200;

const cut = (text: string): string =>
  text.length > shownValueLength ? `${text.slice(0, shownValueLength)}... (${String(text.length)} characters)` : text;

/** A value as compact JSON, cut to a readable length that says the whole length. */
export function showValue(value: unknown): string {
  return value === undefined ? '(absent)' : cut(JSON.stringify(value));
}

/** Any text cut as `showValue` cuts JSON. */
export const showText = cut;

/** `missing`: expected, not there; `extra`: there, not expected; `changed`: there with another value. */
export type DifferenceKind = 'missing' | 'extra' | 'changed';

export interface PathDifference {
  /** JSON Pointer of the value that differs (`/data/k`). */
  pointer: string;
  kind: DifferenceKind;
  /** As `showValue` shows it: `(absent)` when there is none. */
  expected: string;
  actual: string;
}

/** A difference's kind from what was expected and what came, as `showValue` shows them. */
export const kindOf = (expected: string, actual: string): DifferenceKind =>
  actual === '(absent)' ? 'missing' : expected === '(absent)' ? 'extra' : 'changed';

/** JSON Pointer of `key` below `base` (RFC 6901: `~` and `/` escaped). */
export const pointerOf = (base: string, key: string): string =>
  `${base}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;

const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every path where `actual` is not `expected`, descending through objects on both sides; `equal`
 * counts the keys at every level found the same. Arrays and other values are compared whole.
 */
export function jsonDifferences(
  actual: unknown,
  expected: unknown,
  base = '',
): { differences: PathDifference[]; equal: number } {
  if (isDeepStrictEqual(actual, expected)) return { differences: [], equal: 0 };
  if (!isData(actual) || !isData(expected)) {
    const [shownExpected, shownActual] = [showValue(expected), showValue(actual)];
    return {
      differences: [
        { pointer: base, kind: kindOf(shownExpected, shownActual), expected: shownExpected, actual: shownActual },
      ],
      equal: 0,
    };
  }
  const found = { differences: [] as PathDifference[], equal: 0 };
  for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    const [inActual, inExpected] = [Object.hasOwn(actual, key), Object.hasOwn(expected, key)];
    if (inActual && inExpected && isDeepStrictEqual(actual[key], expected[key])) found.equal += 1;
    else {
      const below = jsonDifferences(
        inActual ? actual[key] : undefined,
        inExpected ? expected[key] : undefined,
        pointerOf(base, key),
      );
      found.differences.push(...below.differences);
      found.equal += below.equal;
    }
  }
  return found;
}

/** `/data/k: missing, expected "x"; actual (absent)`: one line of a report. */
export const describeDifference = (difference: PathDifference): string =>
  `${difference.pointer || '(answer)'}: ${difference.kind}, expected ${difference.expected}; actual ${difference.actual}`;

/** `k: 1 instead of 2; j/x: (absent) instead of "x"`: every path of `actual` that is not as in `expected`. */
export const describeDifferences = (actual: Data | undefined, expected: Data): string =>
  actual === undefined
    ? 'no data'
    : jsonDifferences(actual, expected)
        .differences.map(
          (difference) => `${difference.pointer.slice(1)}: ${difference.actual} instead of ${difference.expected}`,
        )
        .join('; ');
