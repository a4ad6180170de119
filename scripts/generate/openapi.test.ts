/**
 * The generated OpenAPI document is a valid OpenAPI 3.1 document (checked by swagger-parser, the
 * validator Swagger tooling uses) and describes exactly the six operations of the tables.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import openapi from '../../schemas/openapi.json';
import { operations } from '../../schemas';

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
