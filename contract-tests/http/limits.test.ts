/** The sizes and times of `--max-body` and `--timeout`, read and said. */
import { formatSeconds, formatSize, parseSize } from './limits';

test.each([
  { text: '16MB', want: 16 * 2 ** 20 },
  { text: '16M', want: 16 * 2 ** 20 },
  { text: '16 mb', want: 16 * 2 ** 20 },
  { text: '16MiB', want: 16 * 2 ** 20 },
  { text: '512KB', want: 512 * 2 ** 10 },
  { text: '1.5GB', want: 1.5 * 2 ** 30 },
  { text: '1048576', want: 2 ** 20 },
  { text: '100B', want: 100 },
  { text: '10XB', want: undefined },
  { text: '1e3', want: undefined },
  { text: '0', want: undefined },
  { text: '-1MB', want: undefined },
  { text: 'MB', want: undefined },
  { text: '99999999999GB', want: undefined },
])('reads the size $text as $want bytes', ({ text, want }) => {
  expect(parseSize(text)).toBe(want);
});

test.each([
  { bytes: 16 * 2 ** 20, want: '16 MB' },
  { bytes: 1.5 * 2 ** 30, want: '1.5 GB' },
  { bytes: 2 ** 10, want: '1 KB' },
  { bytes: 1000, want: '1000 bytes' },
])('says $bytes bytes as $want', ({ bytes, want }) => {
  expect(formatSize(bytes)).toBe(want);
});

test('says milliseconds as seconds', () => {
  expect([formatSeconds(20_000), formatSeconds(500)]).toEqual(['20 s', '0.5 s']);
});
