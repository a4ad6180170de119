/**
 * The Zod schemas (`site-articles-schemas/zod`, generated from the JSON Schemas) decide as the JSON
 * Schemas do through the one Ajv validation: every schema sample case finds the same fields at
 * fault in both, and every answer of the mock's sample site, read over a loopback port, passes
 * both families of both, the tolerant Zod parse giving back all it was given.
 */
import { createServer, type Server } from 'node:http';
import { createApp, nodeListener } from 'site-articles-mock';
import { z } from 'zod';
import { closeServer, listenOnLoopback } from '../../test-support/loopback';
import { dataOf, isRequest, isResponse, sampleFiles } from '../../test-support/schema-samples';
import type { RequestShape, ResponseShape } from '../generated/catalogue';
import type { components } from '../generated/types/index';
import * as zod from '../generated/zod/index';
import { validateRequest, validateResponse, type Family } from './index';

const escapePointer = (segment: PropertyKey): string => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');

/** The fields at fault, as JSON Pointers (an unknown key's own, as Ajv names it), each once, sorted. */
function zodPaths(schema: z.ZodType, data: unknown): string[] {
  const result = schema.safeParse(data);
  const paths = (result.error?.issues ?? []).flatMap((issue) => {
    const at = issue.path.map((segment) => `/${escapePointer(segment)}`).join('');
    return issue.code === 'unrecognized_keys' ? issue.keys.map((key) => `${at}/${escapePointer(key)}`) : [at];
  });
  return [...new Set(paths)].sort();
}

const ajvPaths = (violations: { path: string }[]): string[] =>
  [...new Set(violations.map((violation) => violation.path))].sort();

/** What each validation finds at fault in `data` as `shape` of `family` (request shapes have only the tolerant one). */
function bothPaths(shape: string, data: unknown, family: Family = 'tolerant'): { ajv: string[]; zod: string[] } {
  if (isRequest(shape)) return { ajv: ajvPaths(validateRequest(shape, data)), zod: zodPaths(zod[shape], data) };
  if (!isResponse(shape)) throw new Error(`no shape ${shape}`);
  const schema = family === 'strict' ? zod.strict[shape] : zod[shape];
  return { ajv: ajvPaths(validateResponse(shape, data, family)), zod: zodPaths(schema, data) };
}

describe.each(sampleFiles)('the Zod schema finds what Ajv finds in samples/$name', ({ file }) => {
  test.each(file.cases)('$description', (sample) => {
    const found = bothPaths(file.shape, dataOf(file, sample), sample.family);
    expect(found.zod).toEqual(found.ajv);
    expect(found.zod).toEqual(sample.valid ? [] : [...(sample.paths ?? [])].sort());
  });
});

/** Why the generated schemas use Ajv's checks: Zod's own checks of the same names refuse values of the samples that Ajv accepts. */
test.each([
  ['z.iso.datetime() refuses a leap second', z.iso.datetime({ precision: 3 }), '2016-12-31T23:59:60.000Z'],
  ['z.email() refuses an e-mail address with a !', z.email(), 'ada!lovelace@example.com'],
  ['z.int() refuses an integer past 2^53', z.int(), 2 ** 53 + 2],
])("Zod's own %s, which the JSON Schemas accept", (_check, schema, value) => {
  expect(schema.safeParse(value).success).toBe(false);
});

test('a value that is undefined is missing to both, as JSON.stringify would leave it out of the request', () => {
  expect(bothPaths('DataValueRequest', { value: undefined })).toEqual({ ajv: ['/value'], zod: ['/value'] });
});

describe("the mock's sample site over a loopback port", () => {
  const mock = createApp();
  const server: Server = createServer(nodeListener(mock));
  let base = '';
  beforeAll(async () => {
    base = await listenOnLoopback(server);
  });
  afterAll(() => closeServer(server));
  const articleIds = mock.state().articles.map((article) => article.id);

  async function answer(method: string, path: string, body?: unknown): Promise<unknown> {
    const init =
      body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
    const response = await fetch(`${base}${path}`, { method, ...init });
    if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)}`);
    return response.json();
  }

  /** Both validations pass the answer in both families, and the tolerant Zod parse returns it whole. */
  function expectBothPass(shape: ResponseShape, data: unknown): void {
    for (const family of ['tolerant', 'strict'] as const)
      expect(bothPaths(shape, data, family)).toEqual({ ajv: [], zod: [] });
    expect(zod[shape].parse(data)).toEqual(data);
  }

  test('every article read passes both, and so does its comment list', async () => {
    for (const id of articleIds) {
      expectBothPass('Article', await answer('GET', `/admin/api/articles/${String(id)}`));
      expectBothPass('CommentList', await answer('GET', `/admin/api/site/articles/${String(id)}/comments.json`));
    }
    expect(articleIds.length).toBeGreaterThan(1);
  });

  test('the tolerant schema keeps the fields the interface does not list, and the strict one names them', async () => {
    const article = (await answer('GET', '/admin/api/articles/1')) as { page: object };
    const extended = { ...article, seo_title: 'Ten years', page: { ...article.page, layout: 'wide' } };
    expect(zod.Article.parse(extended)).toEqual(extended);
    const strictPaths = ['/page/layout', '/seo_title'];
    expect(bothPaths('Article', extended, 'strict')).toEqual({ ajv: strictPaths, zod: strictPaths });
  });

  test.each<[ResponseShape, string, string, RequestShape, unknown]>([
    ['DataKeyResponse', 'PUT', '/admin/api/articles/1/data/colour', 'DataValueRequest', { value: ['teal', 2] }],
    ['ArticleUpdateResponse', 'PUT', '/admin/api/articles/2', 'ArticleUpdateRequest', { article: { data: {} } }],
  ])('the answer of a write is a valid %s in both', async (shape, method, path, request, payload) => {
    expect(bothPaths(request, payload)).toEqual({ ajv: [], zod: [] });
    expectBothPass(shape, await answer(method, path, payload));
  });
});

/** Whether two types are each assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Named = components['schemas'];
type Strict = typeof zod.strict;
type Assert<Always extends true> = Always;
/**
 * `z.infer` of every strict schema is the type of the same name, and what a request schema passes
 * can be sent as the typed request (it has extra fields besides): `npm run typecheck` fails here otherwise.
 */
export type StrictInfersTheTypes = Assert<
  { [Name in keyof Strict]: Same<z.infer<Strict[Name]>, Named[Name]> }[keyof Strict]
>;
export type RequestsInferTheTypes = Assert<
  { [Name in RequestShape]: [z.infer<(typeof zod)[Name]>] extends [Named[Name]] ? true : false }[RequestShape]
>;
