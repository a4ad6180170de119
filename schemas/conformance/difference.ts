/**
 * How one `data` object differs from another, key by key: what a reader of a report needs, rather
 * than two whole objects (a data value may be tens of kilobytes).
 */
import { isDeepStrictEqual } from 'node:util';

type Data = Record<string, unknown>;

const limit = 200;

/** A value as compact JSON, cut to a readable length. */
export function showValue(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > limit ? `${text.slice(0, limit)}... (${String(text.length)} characters)` : text;
}

export interface KeyDifference {
  key: string;
  expected: unknown;
  actual: unknown;
}

/** Every key whose value in `actual` is not the one in `expected` (absent on either side included). */
export function keyDifferences(actual: Data, expected: Data): KeyDifference[] {
  const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
  return keys
    .filter(
      (key) =>
        !(Object.hasOwn(actual, key) && Object.hasOwn(expected, key) && isDeepStrictEqual(actual[key], expected[key])),
    )
    .map((key) => ({
      key,
      expected: Object.hasOwn(expected, key) ? expected[key] : undefined,
      actual: Object.hasOwn(actual, key) ? actual[key] : undefined,
    }));
}

/** `k: 1 instead of 2; j: (absent) instead of "x"`. */
export const describeDifferences = (actual: Data | undefined, expected: Data): string =>
  actual === undefined
    ? 'no data'
    : keyDifferences(actual, expected)
        .map(({ key, expected: wanted, actual: got }) => `${key}: ${showValue(got)} instead of ${showValue(wanted)}`)
        .join('; ');
