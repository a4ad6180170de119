/** The control API's one table: which row a path names, what is a control address, and the Allow header each row gives. */
import { allowOf, controlRouteOf, isControlAddress, isControlPath } from './control-table';

test.each([
  { path: '/', want: '/' },
  { path: '/__mock', want: '/__mock/' },
  { path: '/__mock/', want: '/__mock/' },
  { path: '/__mock/assets/main.js', want: '/__mock/assets/*' },
  { path: '/__mock/journal/stream', want: '/__mock/journal/stream' },
  { path: '/__mock/state/', want: '/__mock/state' },
  { path: '/__mock/violations', want: '/__mock/violations' },
  { path: '/__mock/nothing', want: undefined },
  { path: '/__mockery', want: undefined },
  { path: '/admin/api/articles/1', want: undefined },
])('$path is the row $want', ({ path, want }) => {
  expect(controlRouteOf(path)?.path).toBe(want);
});

test('the prefix and what is below it are control paths, a longer name is not', () => {
  expect([isControlPath('/__mock'), isControlPath('/__mock/x'), isControlPath('/__mocks')]).toEqual([
    true,
    true,
    false,
  ]);
});

test('a control address is a control path or a row outside the prefix, and nothing else', () => {
  expect(['/', '/__mock/x', '/admin/api/articles/1', '/elsewhere'].map(isControlAddress)).toEqual([
    true,
    true,
    false,
    false,
  ]);
});

test('a row allows HEAD wherever it allows GET', () => {
  const faults = controlRouteOf('/__mock/faults');
  expect(faults && allowOf(faults)).toBe('GET, HEAD, PUT, DELETE');
});
