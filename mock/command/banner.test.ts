/** What the command says is in force once it listens, from the options as typed. */
import { readCliOptions } from '../cli-options';
import { bannerLines } from './banner';
import { paintFor } from './colour';

const bannerOf = (argv: string[]): string[] => bannerLines(readCliOptions(argv, {}), paintFor(false));

test('says nothing more when nothing is in force', () => {
  expect(bannerOf(['--port', '0', '--quiet', '--cors-origin', 'http://localhost:5173'])).toEqual([]);
});

test.each<[string, string[], string[]]>([
  [
    'a fixture file watched, a token, a delay and a share of one operation failing',
    [
      '--fixtures',
      './my-site.json',
      '--watch',
      '--token',
      'dev-token',
      '--delay',
      '200-800',
      '--fail-rate',
      '0.07',
      '--fail-operation',
      'postComment',
    ],
    [
      '  site    ./my-site.json, loaded again when it changes',
      '  token   set: writes need it (X-API-TOKEN or ?api_token)',
      '  delay   200-800 ms before every API answer',
      '  faults  7% of postComment requests answered 503',
    ],
  ],
  [
    'a database, a fixed delay and every request failing',
    ['--persist', 'site.db', '--delay', '250', '--fail-rate', '1', '--fail-status', '500'],
    [
      '  persist  site.db, each write on disk before its answer',
      '  delay    250 ms before every API answer',
      '  faults   every API request answered 500',
    ],
  ],
  [
    'the proxy with its token and judged writes, a control token and unchecked answers',
    [
      '--proxy',
      'https://admin.example.com',
      '--proxy-token',
      'p',
      '--judge-writes',
      '--control-token',
      'c',
      '--no-validate',
    ],
    [
      '  proxy token    set: sent with requests that carry none',
      '  writes         judged too, the article read around each one',
      '  control token  set: the control API and the workbench need it',
      '  answers        not checked against the strict schemas',
    ],
  ],
])('lists %s', (_case, argv, lines) => {
  expect(bannerOf(argv)).toEqual(['mock: in force', ...lines]);
});

test('says that tokens are set, never what they are', () => {
  const printed = [
    ...bannerOf(['--token', 'tok-123', '--control-token', 'ctl-456']),
    ...bannerOf(['--proxy', 'https://admin.example.com', '--proxy-token', 'prx-789']),
  ].join('\n');
  expect(printed.match(/ set: /g)).toHaveLength(3);
  expect(printed).not.toMatch(/tok-123|ctl-456|prx-789/);
});
