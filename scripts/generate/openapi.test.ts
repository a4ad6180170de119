/**
 * The generated OpenAPI document is a valid OpenAPI 3.1 document (checked by swagger-parser, the
 * validator Swagger tooling uses) and describes exactly the six operations of the tables, each
 * grouped by resource and with a real example taken from the mock's sample site.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import openapi from '../../schemas/generated/openapi.json';
import { operations } from 'site-articles-schemas/catalogue';
import { isRealCommentDate, isRealTimestamp } from '../../schemas/conformance';
import { validateRequest, validateResponse } from '../../schemas/validation';

type Document = Parameters<typeof SwaggerParser.validate>[0];

test('the generated document passes OpenAPI 3.1 validation', async () => {
  await expect(SwaggerParser.validate(structuredClone(openapi) as unknown as Document)).resolves.toBeDefined();
});

test('the validator rejects a document that breaks OpenAPI, so the check above can fail', async () => {
  const broken = structuredClone(openapi) as unknown as {
    paths: Record<string, Record<string, { parameters: { in: string }[] }>>;
  };
  const parameter = broken.paths['/admin/api/articles/{article_id}']?.get?.parameters[0];
  if (parameter) parameter.in = 'nowhere';
  await expect(SwaggerParser.validate(broken as unknown as Document)).rejects.toThrow();
});

test('it has one operation per row of the operations table, with the stated method and path', () => {
  const documented = Object.entries(openapi.paths as Record<string, Record<string, { operationId: string }>>).flatMap(
    ([path, item]) =>
      Object.entries(item).map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`),
  );
  expect(documented.sort()).toEqual(
    operations.map((operation) => `${operation.method} ${operation.path} ${operation.id}`).sort(),
  );
});

test('every schema an operation refers to is a component of the document', async () => {
  const dereferenced = await SwaggerParser.dereference(structuredClone(openapi) as unknown as Document);
  expect(JSON.stringify(dereferenced)).not.toContain('"$ref"');
});

interface Described {
  tags?: string[];
  parameters?: { name: string; example?: unknown }[];
  requestBody?: { content: { 'application/json': { example?: unknown } } };
  responses: Record<string, { content?: { 'application/json': { example?: unknown } } }>;
}

const described = (id: string): Described => {
  const found = Object.values(
    openapi.paths as unknown as Record<string, Record<string, Described & { operationId: string }>>,
  )
    .flatMap((item) => Object.values(item))
    .find((operation) => operation.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};

/** Every string of `value` that is a timestamp in one of the interface's two forms. */
const timestampsIn = (value: unknown): string[] =>
  typeof value === 'string'
    ? /^\d{4}[-/]\d{2}[-/]\d{2}[T ]/.test(value)
      ? [value]
      : []
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(timestampsIn)
      : [];

const sampleDates = new Set(timestampsIn(readSampleSite()));

function readSampleSite(): unknown {
  return JSON.parse(readFileSync(join(__dirname, '..', '..', 'mock', 'fixtures', 'sample-site.json'), 'utf8'));
}

describe.each(operations.map((operation) => [operation.id, operation] as const))(
  'the example of %s',
  (_id, operation) => {
    const document = described(operation.id);
    // The success answer: numeric keys come first in a JSON object, so `2XX` may follow the errors.
    const success = Object.entries(document.responses).find(([status]) => status.startsWith('2'));
    const content = success?.[1].content?.['application/json'];

    it('is grouped under the resource it works on', () => {
      expect(document.tags).toHaveLength(1);
      expect(['Articles', 'Article data', 'Comments']).toContain(document.tags?.[0]);
    });

    it('names a value for every path parameter', () => {
      for (const parameter of document.parameters ?? []) expect(parameter.example).toBeDefined();
    });

    it('has a request that the interface accepts, when the operation takes one', () => {
      if (!('request' in operation)) return;
      const example = document.requestBody?.content['application/json'].example;
      expect(validateRequest(operation.request, example)).toEqual([]);
    });

    it('answers in the stated shape, with real dates of the sample site', () => {
      if (!content) {
        expect(operation.id).toBe('deleteDataKey');
        return;
      }
      expect(content.example).toBeDefined();
      if ('answer' in operation) expect(validateResponse(operation.answer, content.example, 'strict')).toEqual([]);
      for (const date of timestampsIn(content.example)) {
        expect(isRealTimestamp(date) || isRealCommentDate(date)).toBe(true);
        // A write's own dates are the example's fixed clock, a day after the site's last change.
        if (!sampleDates.has(date)) expect(['2024-03-04T10:30:00.000Z', '2024/03/04 10:30:00 +0000']).toContain(date);
      }
    });
  },
);
