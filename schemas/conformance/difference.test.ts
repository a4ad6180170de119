/** How two JSON values differ, path by path: what a failure report shows instead of both values. */
import { describeDifference, jsonDifferences, showValue } from './difference';
import { describeJudged, readJudgedLine, violation } from './violation';

test.each([
  {
    description: 'a key the expected value has and the actual lacks is missing',
    actual: { data: { kept: 1 } },
    expected: { data: { kept: 1, gone: 'to remove' } },
    want: [{ pointer: '/data/gone', kind: 'missing', expected: '"to remove"', actual: '(absent)' }],
    equal: 1,
  },
  {
    description: 'a key only the actual value has is extra',
    actual: { data: { kept: 1, added: true } },
    expected: { data: { kept: 1 } },
    want: [{ pointer: '/data/added', kind: 'extra', expected: '(absent)', actual: 'true' }],
    equal: 1,
  },
  {
    description: 'a value that differs is changed, arrays compared whole, keys escaped as JSON Pointer',
    actual: { 'a/b~c': [1, 2], same: 'x' },
    expected: { 'a/b~c': [1, 3], same: 'x' },
    want: [{ pointer: '/a~1b~0c', kind: 'changed', expected: '[1,3]', actual: '[1,2]' }],
    equal: 1,
  },
  {
    description: 'two equal values have no difference',
    actual: { data: { k: 1 } },
    expected: { data: { k: 1 } },
    want: [],
    equal: 0,
  },
])('$description', ({ actual, expected, want, equal }) => {
  expect(jsonDifferences(actual, expected)).toEqual({ differences: want, equal });
});

test('cuts a long value to 200 characters and says its whole length', () => {
  const long = 'x'.repeat(5_000);
  expect(showValue(long)).toBe(`"${'x'.repeat(199)}... (5002 characters)`);
  const [difference] = jsonDifferences({}, { long }).differences;
  expect(difference && describeDifference(difference)).toBe(
    `/long: missing, expected "${'x'.repeat(199)}... (5002 characters); actual (absent)`,
  );
});

test('reads back a line of the judgement, its path, kind and both values', () => {
  const line = describeJudged([violation('data-as-predicted', '/data/k', '"to remove"', '(absent)')]);
  expect(readJudgedLine(line)).toEqual({
    rule: 'data-as-predicted',
    pointer: '/data/k',
    kind: 'missing',
    expected: '"to remove"',
    actual: '(absent)',
  });
  expect(readJudgedLine('(23 other data keys as stated)')).toBeUndefined();
});
