/**
 * The generated OpenAPI document states what the mock does where the interface is
 * silent (sections 5 and 7). Writes take the API family's token, in the `X-API-TOKEN` header or the
 * `api_token` query; reads ask for none. Every operation lists the error statuses the mock's
 * catalogue can answer it with, each with the family's body (`message`, and `errors` on 422) and,
 * for each code, the mock's own answer as an example.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020';
import openapi from '../../schemas/generated/openapi.json';
import { errorCatalogue, type ErrorCode } from '../../mock/core/api-error';

type Document = Parameters<typeof SwaggerParser.validate>[0];

interface Answer {
  description: string;
  content?: { 'application/json': { schema: object; examples?: Record<string, { value: unknown }> } };
}

interface Described {
  operationId: string;
  security?: Record<string, string[]>[];
  responses: Record<string, Answer>;
}

async function operationsOf(dereference: boolean): Promise<Described[]> {
  const document = dereference
    ? await SwaggerParser.dereference(structuredClone(openapi) as unknown as Document)
    : openapi;
  return Object.values(document.paths as Record<string, Record<string, Described>>).flatMap((item) =>
    Object.values(item),
  );
}

const errorStatuses = (operation: Described): string[] =>
  Object.keys(operation.responses).filter((status) => !status.startsWith('2'));

it('names the token as the API family takes it: the X-API-TOKEN header or the api_token query', () => {
  const schemes = openapi.components.securitySchemes as Record<string, { type: string; in: string; name: string }>;
  const ways = Object.values(schemes).map((scheme) => `${scheme.type} ${scheme.in} ${scheme.name}`);
  expect(ways.sort()).toEqual(['apiKey header X-API-TOKEN', 'apiKey query api_token']);
});

it('asks every write for the token, either way or none (the mock without --token), and no read', async () => {
  for (const operation of await operationsOf(false)) {
    const reads = ['readArticle', 'listComments'].includes(operation.operationId);
    expect([operation.operationId, operation.security]).toEqual([
      operation.operationId,
      reads ? undefined : [{ apiToken: [] }, { apiTokenQuery: [] }, {}],
    ]);
  }
});

describe('the error answers', () => {
  const wanted: [string, string[]][] = [
    ['readArticle', ['400', '403', '404', '414', '500', '503']],
    ['updateArticle', ['400', '401', '403', '404', '413', '414', '415', '422', '500', '503']],
    ['setDataKey', ['400', '401', '403', '404', '413', '414', '415', '422', '500', '503']],
    ['deleteDataKey', ['400', '401', '403', '404', '414', '500', '503']],
    ['listComments', ['400', '403', '404', '414', '422', '500', '503']],
    ['postComment', ['400', '401', '403', '404', '413', '414', '415', '422', '500', '503']],
  ];

  it.each(wanted)('of %s are the statuses the mock can answer it with', async (id, statuses) => {
    const operation = (await operationsOf(false)).find((candidate) => candidate.operationId === id);
    expect(operation && errorStatuses(operation)).toEqual(statuses);
  });

  it('carry the family’s body: a message, with errors by field on 422', async () => {
    const ajv = new Ajv2020({ strict: false });
    const answers = (await operationsOf(true)).flatMap((operation) =>
      errorStatuses(operation).map((status) => [status, operation.responses[status]] as const),
    );
    expect(answers).toHaveLength(wanted.flatMap(([, statuses]) => statuses).length);
    for (const [status, answer] of answers) {
      const schema = answer?.content?.['application/json'].schema ?? {};
      expect(ajv.validate(schema, { message: 'Not found.' })).toBe(status !== '422');
      expect(ajv.validate(schema, { message: 'Validation failed.', errors: { 'comment.body': ['is blank'] } })).toBe(
        true,
      );
      expect(ajv.validate(schema, { errors: {} })).toBe(false);
    }
  });

  it('show, for each code, the answer the mock gave, under that code’s status and valid against it', async () => {
    const ajv = new Ajv2020({ strict: false });
    for (const operation of await operationsOf(true)) {
      expect(errorStatuses(operation).length).toBeGreaterThan(0);
      for (const status of errorStatuses(operation)) {
        const content = operation.responses[status]?.content?.['application/json'];
        const examples = Object.entries(content?.examples ?? {});
        expect(examples.length).toBeGreaterThan(0);
        for (const [code, example] of examples) {
          expect([code, errorCatalogue[code as ErrorCode].status]).toEqual([code, Number(status)]);
          expect(operation.responses[status]?.description).toContain(
            `\`${code}\`: ${errorCatalogue[code as ErrorCode].when}`,
          );
          expect(ajv.validate(content?.schema ?? {}, example.value)).toBe(true);
        }
      }
    }
  });
});
