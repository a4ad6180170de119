/** Addresses of the operations (interface section 4), and data keys that have none of their own. */
import { isAddressableKey } from '../values/addressable';
import { pathOf } from './steps';

describe('pathOf', () => {
  test.each([
    { id: 'readArticle', key: undefined, want: '/admin/api/articles/7' },
    { id: 'setDataKey', key: 'colour', want: '/admin/api/articles/7/data/colour' },
    { id: 'deleteDataKey', key: 'a/b?c#d', want: '/admin/api/articles/7/data/a%2Fb%3Fc%23d' },
    { id: 'setDataKey', key: '...', want: '/admin/api/articles/7/data/...' },
    { id: 'setDataKey', key: '%2e%2e', want: '/admin/api/articles/7/data/%252e%252e' },
  ] as const)('gives $id with key $key the path $want', ({ id, key, want }) => {
    expect(pathOf(id, 7, key)).toBe(want);
  });

  test.each(['..', '.', ''])('refuses the key "%s", which URL normalisation would send elsewhere', (key) => {
    expect(isAddressableKey(key)).toBe(false);
    expect(() => pathOf('deleteDataKey', 7, key)).toThrow(/cannot be written or removed through the interface/);
    expect(() => pathOf('setDataKey', 7, key)).toThrow(/cannot be written or removed through the interface/);
  });

  test('names the article itself as where a ".." key would land', () => {
    expect(() => pathOf('deleteDataKey', 7, '..')).toThrow(/the article itself/);
  });
});
