/**
 * The parts of a generated request other than route and body: article ids, query strings, content
 * types, tokens and odd extra headers, each with what it means for the outcome.
 */
import fc from 'fast-check';
import { maxQueryLength } from '../../mock/core/limits';
import type { Verdict } from './verdicts';

/** The token of the fuzzed mock; tests assert it never shows up where it must not. */
export const fuzzToken = 'fuzz-token-7c1e9a4b';

export interface IdPart {
  segment: string;
  /** The article the segment names, when it names one that exists. */
  articleId?: number;
}

const existing = [1, 2, 3, 4, 5];
export const idArbitrary: fc.Arbitrary<IdPart> = fc.oneof(
  { arbitrary: fc.constantFrom(...existing).map((id) => ({ segment: String(id), articleId: id })), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      { segment: '01', articleId: 1 },
      { segment: '%31', articleId: 1 },
      { segment: '0002', articleId: 2 },
    ),
    weight: 1,
  },
  {
    arbitrary: fc
      .constantFrom(
        '0',
        '6',
        '999999',
        '-1',
        '1.5',
        '1e3',
        '0x10',
        'abc',
        '%201',
        '1%00',
        '%',
        '%EF%BC%91',
        '9007199254740993',
        '99999999999999999999',
        '1'.repeat(300),
        'null',
        'undefined',
        'NaN',
        'Infinity',
      )
      .map((segment) => ({ segment })),
    weight: 3,
  },
  {
    arbitrary: fc
      .oneof(fc.integer({ min: 6 }), fc.integer({ max: -1 }), fc.double({ noInteger: true }))
      .map((value) => ({ segment: encodeURIComponent(String(value)) })),
    weight: 1,
  },
);

export interface QueryPart {
  params: string[];
  /** For comment lists: whether `page`/`per_page` are acceptable. */
  paging: Verdict;
}

const queryPart =
  (paging: Verdict) =>
  (params: readonly string[]): QueryPart => ({ params: [...params], paging });
const pagingParams = fc.oneof(
  {
    arbitrary: fc
      .constantFrom([], ['page=1'], ['page=2', 'per_page=1'], ['per_page=250'], ['per_page=100000'], ['page=99999'])
      .map(queryPart('success')),
    weight: 6,
  },
  {
    arbitrary: fc
      .constantFrom(
        ['page=0'],
        ['page=-1'],
        ['page=abc'],
        ['page=1', 'page=2'],
        ['per_page='],
        ['page=1e2'],
        ['per_page=0'],
        ['page=%00'],
      )
      .map(queryPart('refused')),
    weight: 2,
  },
);

const oddParams = fc.constantFrom(
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  '__proto__=x',
  'toString=1',
  'a[b][c]=d',
  '%D0%BA=%D0%B7',
  '%ZZ=1',
  '&&',
  '=',
  'x',
  `long=${'q'.repeat(maxQueryLength - 5)}`,
  `longer=${'q'.repeat(maxQueryLength)}`,
);

export const queryArbitrary: fc.Arbitrary<QueryPart> = fc
  .tuple(pagingParams, fc.array(oddParams, { maxLength: 2 }))
  .map(([paging, odd]) => ({ params: [...paging.params, ...odd], paging: paging.paging }));

export interface HeaderPart {
  headers: [string, string][];
  verdict: Verdict;
}

const headerPart = (verdict: Verdict, ...headers: [string, string][]): HeaderPart => ({ headers, verdict });

const clean = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'Application/JSON',
  'application/json; foo=bar',
];
const unclean = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  '*/*',
  'application/vnd.api+json',
  'json',
  '',
  'application/json, text/plain',
];
const contentType = fc.oneof(
  { arbitrary: fc.constantFrom(...clean).map((value) => headerPart('success', ['Content-Type', value])), weight: 12 },
  { arbitrary: fc.constantFrom(...unclean).map((value) => headerPart('refused', ['Content-Type', value])), weight: 2 },
);

/** No, one or two Content-Type lines; Node keeps the first of duplicates. */
export const contentTypeArbitrary: fc.Arbitrary<HeaderPart> = fc.oneof(
  { arbitrary: contentType, weight: 10 },
  {
    arbitrary: fc
      .tuple(contentType, contentType)
      .map(([first, second]) => headerPart(first.verdict, ...first.headers, ...second.headers)),
    weight: 1,
  },
  { arbitrary: fc.constant(headerPart('refused')), weight: 1 },
);

export interface TokenPart extends HeaderPart {
  params: string[];
}

/** Header wins over the query; duplicate header lines join into one wrong value. */
export const tokenArbitrary: fc.Arbitrary<TokenPart> = fc.oneof(
  {
    arbitrary: fc.constant<TokenPart>({ headers: [['X-API-TOKEN', fuzzToken]], params: [], verdict: 'success' }),
    weight: 14,
  },
  {
    arbitrary: fc.constantFrom<TokenPart>(
      { headers: [], params: [`api_token=${fuzzToken}`], verdict: 'success' },
      { headers: [], params: [`api%5Ftoken=${fuzzToken}`], verdict: 'success' },
      { headers: [], params: [`api_token=${fuzzToken}`, 'api_token=wrong'], verdict: 'success' },
      { headers: [['x-api-token', fuzzToken]], params: ['api_token=wrong'], verdict: 'success' },
      { headers: [['X-API-TOKEN', 'wrong']], params: [`api_token=${fuzzToken}`], verdict: 'refused' },
      {
        headers: [
          ['X-API-TOKEN', fuzzToken],
          ['X-API-TOKEN', fuzzToken],
        ],
        params: [],
        verdict: 'refused',
      },
      { headers: [['X-API-TOKEN', '']], params: [], verdict: 'refused' },
      { headers: [['X-API-TOKEN', `${fuzzToken} `]], params: [], verdict: 'success' },
      { headers: [], params: [], verdict: 'refused' },
      { headers: [], params: [`API_TOKEN=${fuzzToken}`], verdict: 'refused' },
      { headers: [['Authorization', `Bearer ${fuzzToken}`]], params: [], verdict: 'refused' },
    ),
    weight: 3,
  },
);

/** Harmless but odd headers, and the one `Expect` Node refuses (417). */
export const extrasArbitrary: fc.Arbitrary<HeaderPart> = fc.oneof(
  { arbitrary: fc.constant(headerPart('success')), weight: 10 },
  {
    arbitrary: fc
      .constantFrom<[string, string]>(
        ['Accept', 'application/xml'],
        ['Accept', '*/*;q=0'],
        ['Origin', 'http://evil.example'],
        ['Origin', 'null'],
        ['Host', `${'h'.repeat(300)}.localhost`],
        ['Host', '[::1]:1'],
        ['X-HTTP-Method-Override', 'DELETE'],
        ['X-Forwarded-Proto', 'https'],
        ['Connection', 'close'],
        ['Range', 'bytes=0-3'],
        ['Cookie', '__proto__=x'],
        ['Accept-Encoding', 'gzip, br'],
        ['Expect', '100-continue'],
        ['If-Modified-Since', 'Thu, 01 Jan 2099 00:00:00 GMT'],
      )
      .map((header) => headerPart('success', header)),
    weight: 3,
  },
  { arbitrary: fc.constant(headerPart('refused', ['Expect', 'teapot'])), weight: 1 },
  // Names the mock does not serve (DNS rebinding): refused with 403 by the host check.
  {
    arbitrary: fc
      .constantFrom<[string, string]>(['Host', 'evil.example'], ['Host', `${'h'.repeat(300)}.example`], ['Host', 'a b'])
      .map((header) => headerPart('refused', header)),
    weight: 1,
  },
  { arbitrary: fc.constant(headerPart('either', ['If-None-Match', '*'])), weight: 1 },
);
