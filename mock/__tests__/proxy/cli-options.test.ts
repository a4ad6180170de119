/** The proxy's command-line options (`npm start -- --proxy <base-url> ...`). */
import { readCliOptions } from '../../cli-options';
import { proxyFromCli } from '../../proxy-cli';

const read = (argv: string[], env: NodeJS.ProcessEnv = {}): ReturnType<typeof readCliOptions> =>
  readCliOptions(argv, env);

describe('--proxy and its companions', () => {
  test.each([
    [
      ['--proxy', 'http://127.0.0.1:9000'],
      {},
      { upstream: 'http://127.0.0.1:9000', timeoutMs: 10_000, judgeWrites: false },
    ],
    [
      ['--proxy', 'https://admin.example.com/v1', '--proxy-timeout', '2500', '--judge-writes', '--record', 'site.json'],
      { PROXY_API_TOKEN: 'from-env' },
      {
        upstream: 'https://admin.example.com/v1',
        timeoutMs: 2500,
        judgeWrites: true,
        record: 'site.json',
        token: 'from-env',
      },
    ],
    [
      ['--proxy', 'http://127.0.0.1:9000', '--proxy-token', 'given'],
      { PROXY_API_TOKEN: 'from-env' },
      { token: 'given' },
    ],
  ])('reads the proxy settings from %j', (argv, env, expected) => {
    expect(read(argv, env).proxy).toMatchObject(expected);
  });

  test.each([
    [['--proxy', 'ftp://example.com'], /--proxy must be an http:\/\/ or https:\/\/ address/],
    [['--proxy', 'not a url'], /--proxy must be/],
    [['--proxy', 'http://127.0.0.1:9000', '--proxy-timeout', '0'], /--proxy-timeout must be above 0/],
    [['--proxy', 'http://127.0.0.1:9000', '--proxy-timeout', 'soon'], /--proxy-timeout must be a number/],
    [['--record', 'site.json'], /--record needs --proxy/],
    [['--judge-writes'], /--judge-writes needs --proxy/],
    [['--proxy', 'http://127.0.0.1:9000', '--fixtures', 'site.json'], /--fixtures does not apply with --proxy/],
    [['--proxy', 'http://127.0.0.1:9000', '--fail-rate', '0.5'], /--fail-rate does not apply with --proxy/],
  ])('refuses %j with a usage error naming the problem', (argv, message) => {
    expect(() => read(argv)).toThrow(message);
  });

  test('says the deployment with its base path in the start-up line', () => {
    const options = read(['--proxy', 'https://admin.example.com/v1/']).proxy;
    if (!options) throw new Error('no proxy options');
    const proxy = proxyFromCli(options, undefined, (path) => path, { allowedHosts: [] });
    expect(proxy.description).toBe('a validating proxy to https://admin.example.com/v1');
  });

  test('leaves the proxy off without --proxy, whatever PROXY_API_TOKEN says', () => {
    expect(read([], { PROXY_API_TOKEN: 'unused' }).proxy).toBeUndefined();
  });
});
