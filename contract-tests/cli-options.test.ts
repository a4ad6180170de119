/** Options of `npm run contract` and their environment equivalents. */
import { readContractOptions } from './cli-options';

/** What every run reads when no option says otherwise (but the article ids). */
const defaults = { readOnly: false, help: false, version: false, noComments: false, concurrency: 8, maxInFlight: 8 };

test.each([
  {
    argv: [],
    env: {},
    want: {
      articleIds: [1, 2],
      ...defaults,
    },
  },
  {
    argv: ['--base-url', 'https://site.example/', '--article-id', '4,5', '--read-only'],
    env: {},
    want: {
      baseUrl: 'https://site.example',
      articleIds: [4, 5],
      ...defaults,
      readOnly: true,
    },
  },
  {
    argv: ['--article-id', '4', '--article-id', '6'],
    env: {},
    want: {
      articleIds: [4, 6],
      ...defaults,
    },
  },
  {
    argv: ['--junit', 'out.xml'],
    env: { CONTRACT_BASE_URL: 'http://127.0.0.1:4010', CONTRACT_ARTICLE_IDS: '3', CONTRACT_API_TOKEN: 'secret' },
    want: {
      baseUrl: 'http://127.0.0.1:4010',
      articleIds: [3],
      token: 'secret',
      junit: 'out.xml',
      ...defaults,
    },
  },
  {
    argv: ['--token', 'given'],
    env: { CONTRACT_API_TOKEN: 'ignored' },
    want: {
      articleIds: [1, 2],
      token: 'given',
      ...defaults,
    },
  },
  {
    argv: ['--explore', '200', '--seed', '7', '--no-comments'],
    env: {},
    want: {
      articleIds: [1, 2],
      readOnly: false,
      help: false,
      version: false,
      explore: 200,
      seed: 7,
      noComments: true,
      concurrency: 8,
      maxInFlight: 8,
    },
  },
  {
    argv: ['--explore', '5', '--seed', '2147483647', '--concurrency', '1', '--max-in-flight', '2'],
    env: {},
    want: {
      articleIds: [1, 2],
      readOnly: false,
      help: false,
      version: false,
      explore: 5,
      seed: 2147483647,
      noComments: false,
      concurrency: 1,
      maxInFlight: 2,
    },
  },
  {
    argv: ['-h', '--version'],
    env: {},
    want: {
      articleIds: [1, 2],
      ...defaults,
      help: true,
      version: true,
    },
  },
])('reads $argv with $env', ({ argv, env, want }) => {
  expect(readContractOptions(argv, env)).toEqual(want);
});

test.each([
  { argv: ['--base-url', 'http://site.example'], message: /--article-id .* is required with --base-url/ },
  { argv: ['--base-url', 'ftp://site.example', '--article-id', '1'], message: /must be http or https/ },
  { argv: ['--base-url', 'not a url', '--article-id', '1'], message: /not an absolute URL/ },
  { argv: ['--article-id', '1,x'], message: /whole numbers/ },
  { argv: ['--unknown'], message: /Unknown option/ },
  { argv: ['--explore', 'many'], message: /--explore takes a whole number/ },
  { argv: ['--seed', '1.5'], message: /--seed takes a whole number/ },
  { argv: ['--seed', '2147483648'], message: /--seed takes a whole number from 0 to 2147483647/ },
  { argv: ['--concurrency', '0'], message: /--concurrency takes 1 to 64 requests at once, not 0/ },
  { argv: ['--concurrency', '65'], message: /--concurrency takes 1 to 64/ },
  { argv: ['--max-in-flight', '0'], message: /--max-in-flight takes 1 to 64 checks at once, not 0/ },
  { argv: ['--max-in-flight', 'many'], message: /--max-in-flight takes a whole number/ },
])('refuses $argv', ({ argv, message }) => {
  expect(() => readContractOptions(argv, {})).toThrow(message);
});
