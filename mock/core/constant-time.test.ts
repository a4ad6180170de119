import { tokenMatchesInPlainJs } from './constant-time';

describe('the plain JavaScript token comparison', () => {
  test.each([
    ['dev-token', 'dev-token', true],
    ['dev-token', 'dev-tokem', false],
    ['dev-token', 'dev-token-longer', false],
    ['dev-token', 'dev', false],
    ['dev-token', '', false],
    ['', '', true],
    ['aa', 'a', false],
    ['dev-token', undefined, false],
    ['dev-token', ['dev-token'], false],
  ])('compares %j with %j as %s', (expected, given, matches) => {
    expect(tokenMatchesInPlainJs(expected, given)).toBe(matches);
  });
});
