/** The control API's one table: which row a path names, and the Allow header each row gives. */
import { allowOf, controlRouteOf, isControlPath, takes } from './control-table';

test.each([
  { path: '/__mock', want: '/' },
  { path: '/__mock/', want: '/' },
  { path: '/__mock/assets/main.js', want: '/assets/*' },
  { path: '/__mock/journal/stream', want: '/journal/stream' },
  { path: '/__mock/violations', want: '/violations' },
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

test('a row allows HEAD wherever it allows GET', () => {
  const faults = controlRouteOf('/__mock/faults');
  expect(faults && allowOf(faults)).toBe('GET, HEAD, PUT, DELETE');
});

test('the proxy answers the journal and its violations, and not the fixture', () => {
  const route = (path: string) => controlRouteOf(path) ?? { path, methods: [], servedBy: [] };
  expect(takes(route('/__mock/journal'), 'HEAD', 'proxy')).toBe(true);
  expect(takes(route('/__mock/violations'), 'DELETE', 'proxy')).toBe(true);
  expect(takes(route('/__mock/fixture'), 'PUT', 'proxy')).toBe(false);
  expect(takes(route('/__mock/violations'), 'GET', 'mock')).toBe(false);
});
