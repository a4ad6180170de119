/** Options of `npm run contract` and their environment equivalents. */
import { readContractOptions } from './cli-options';

/** What a run has when no option or variable says otherwise. */
const defaults = {
  articleIds: [1, 2],
  readOnly: false,
  help: false,
  version: false,
  noComments: false,
  concurrency: 8,
  maxInFlight: 8,
  limits: { timeoutMs: 20_000, maxBodyBytes: 16 * 2 ** 20 },
};

test.each([
  { argv: [], env: {}, want: defaults },
  {
    argv: ['--base-url', 'https://site.example/', '--article-id', '4,5', '--read-only'],
    env: {},
    want: { ...defaults, baseUrl: 'https://site.example', articleIds: [4, 5], readOnly: true },
  },
  { argv: ['--article-id', '4', '--article-id', '6'], env: {}, want: { ...defaults, articleIds: [4, 6] } },
  {
    argv: ['--article-id', '9007199254740991'],
    env: {},
    want: { ...defaults, articleIds: [9007199254740991] },
  },
  {
    argv: ['--junit', 'out.xml'],
    env: { CONTRACT_BASE_URL: 'http://127.0.0.1:4010', CONTRACT_ARTICLE_IDS: '3', CONTRACT_API_TOKEN: 'secret' },
    want: { ...defaults, baseUrl: 'http://127.0.0.1:4010', articleIds: [3], token: 'secret', junit: 'out.xml' },
  },
  { argv: ['--token', 'given'], env: { CONTRACT_API_TOKEN: 'ignored' }, want: { ...defaults, token: 'given' } },
  {
    argv: ['--explore', '200', '--seed', '7', '--no-comments'],
    env: {},
    want: { ...defaults, explore: 200, seed: 7, noComments: true },
  },
  {
    argv: ['--explore', '5', '--seed', '2147483647', '--concurrency', '1', '--max-in-flight', '2'],
    env: {},
    want: { ...defaults, explore: 5, seed: 2147483647, concurrency: 1, maxInFlight: 2 },
  },
  {
    argv: ['--timeout', '2.5', '--max-body', '512KB'],
    env: {},
    want: { ...defaults, limits: { timeoutMs: 2500, maxBodyBytes: 512 * 2 ** 10 } },
  },
  { argv: ['-h', '--version'], env: {}, want: { ...defaults, help: true, version: true } },
])('reads $argv with $env', ({ argv, env, want }) => {
  expect(readContractOptions(argv, env)).toEqual(want);
});

test.each([
  { argv: ['--base-url', 'http://site.example'], message: /--article-id .* is required with --base-url/ },
  { argv: ['--base-url', 'ftp://site.example', '--article-id', '1'], message: /must be http or https/ },
  { argv: ['--base-url', 'not a url', '--article-id', '1'], message: /not an absolute URL/ },
  {
    argv: ['--base-url', '127.0.0.1:4010', '--article-id', '1'],
    message: /^the base URL "127\.0\.0\.1:4010" has no scheme: did you mean http:\/\/127\.0\.0\.1:4010\?$/,
  },
  { argv: ['--base-url', 'localhost:4010', '--article-id', '1'], message: /did you mean http:\/\/localhost:4010\?/ },
  { argv: ['--article-id', '1,x'], message: /whole numbers/ },
  { argv: ['--article-id', '9007199254740992'], message: /whole numbers/ },
  { argv: ['--unknown'], message: /Unknown option/ },
  { argv: ['--explore', 'many'], message: /--explore takes a whole number/ },
  { argv: ['--seed', '1.5'], message: /--seed takes a whole number/ },
  { argv: ['--seed', '2147483648'], message: /--seed takes a whole number from 0 to 2147483647/ },
  { argv: ['--concurrency', '0'], message: /--concurrency takes 1 to 64 requests at once, not 0/ },
  { argv: ['--concurrency', '65'], message: /--concurrency takes 1 to 64/ },
  { argv: ['--timeout', '0'], message: /--timeout takes seconds above 0 and up to 3600, such as 20 or 2.5, not "0"/ },
  { argv: ['--timeout', '20s'], message: /--timeout takes seconds/ },
  { argv: ['--timeout', '3601'], message: /--timeout takes seconds above 0 and up to 3600/ },
  {
    argv: ['--max-body', '16 XB'],
    message: /--max-body takes a size such as 512KB, 16MB or a number of bytes, not "16 XB"/,
  },
  { argv: ['--max-body', '0'], message: /--max-body takes a size/ },
  { argv: ['--max-in-flight', '0'], message: /--max-in-flight takes 1 to 64 checks at once, not 0/ },
  { argv: ['--max-in-flight', 'many'], message: /--max-in-flight takes a whole number/ },
])('refuses $argv', ({ argv, message }) => {
  expect(() => readContractOptions(argv, {})).toThrow(message);
});
