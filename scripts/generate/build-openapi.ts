/**
 * An OpenAPI 3.1 document of the interface's six operations (section 4), whose component schemas
 * are the tolerant JSON Schemas themselves, with `$ref`s pointed at `#/components/schemas`.
 */
import type { OperationExample } from './build-examples';
import { schemaFileName, type JsonSchema, type SchemaFile } from './build-schemas';
import type { InterfaceModel, Operation } from './model';
import { errorComponents, errorResponses, traitsOf, type OperationTraits } from './openapi-errors';
import { securitySchemes, writeSecurity } from './openapi-security';

const componentRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Rewrites file references (`page-summary.json`) into component references, recursively. */
function toComponent(value: unknown, refs: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => toComponent(item, refs));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([key]) => key !== '$id' && key !== '$schema');
  return Object.fromEntries(
    entries.map(([key, item]) => {
      if (key === '$ref' && typeof item === 'string') return [key, `#/components/schemas/${refs.get(item) ?? item}`];
      return [key, toComponent(item, refs)];
    }),
  );
}

function parameters(path: string, example?: OperationExample): JsonSchema[] {
  const names = [...path.matchAll(/\{([a-z_]+)\}/g)].map((match) => match[1] ?? '');
  return names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: name === 'article_id' ? { type: 'integer' } : { type: 'string' },
    ...(example?.parameters[name] === undefined ? {} : { example: example.parameters[name] }),
    ...(name === 'key'
      ? { description: 'Data key, URL-encoded. Keys starting with the reserved prefix are read-only.' }
      : {}),
  }));
}

/**
 * A stated answer without a stated status is some success (`2XX`). Neither stated (4.6): still
 * some success, with whatever JSON body the service sends, so typed clients treat it as success.
 */
function responses(operation: Operation, example?: OperationExample): JsonSchema {
  const body = operation.answer ? componentRef(operation.answer) : { description: 'Any JSON value, or no body.' };
  const shown = example?.answer === undefined ? {} : { example: example.answer };
  const content = { content: { 'application/json': { schema: body, ...shown } } };
  if (operation.status !== undefined) {
    const answer = operation.answer ? content : {};
    return { [String(operation.status)]: { description: `Interface section ${operation.section}.`, ...answer } };
  }
  const unstated = operation.answer ? 'The exact success status is' : 'The success status and body are';
  return { '2XX': { description: `Interface section ${operation.section}. ${unstated} not stated.`, ...content } };
}

/** The resource an operation works on, from its address: renderers group operations by it. */
const tags = [
  { name: 'Articles', description: 'One article: read it, or update it whole (sections 4.1 and 4.2).' },
  { name: 'Article data', description: "One key of an article's data: set or remove it (sections 4.3 and 4.4)." },
  { name: 'Comments', description: "An article's comments: list them, or post one (sections 4.5 and 4.6)." },
];
const tagOf = (path: string): string =>
  path.includes('/data/') ? 'Article data' : path.includes('comments') ? 'Comments' : 'Articles';

function operationObject(operation: Operation, traits: OperationTraits, example?: OperationExample): JsonSchema {
  const requestExample = example?.request === undefined ? {} : { example: example.request };
  const request = operation.request
    ? {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: componentRef(operation.request), ...requestExample } },
        },
      }
    : {};
  return {
    operationId: operation.id,
    tags: [tagOf(operation.path)],
    summary: `Interface section ${operation.section}`,
    parameters: parameters(operation.path, example),
    ...request,
    ...(traits.writes ? { security: writeSecurity } : {}),
    responses: { ...responses(operation, example), ...errorResponses(traits, example?.errors) },
  };
}

function paths(model: InterfaceModel, examples: Map<string, OperationExample>): JsonSchema {
  const byPath: Record<string, JsonSchema> = {};
  for (const operation of model.operations) {
    const traits = traitsOf(operation, model);
    byPath[operation.path] = {
      ...byPath[operation.path],
      [operation.method.toLowerCase()]: operationObject(operation, traits, examples.get(operation.id)),
    };
  }
  return byPath;
}

/** `examples`: each operation's real request and answer (build-examples.ts); none when generating from the tables alone. */
export function buildOpenApi(
  model: InterfaceModel,
  files: SchemaFile[],
  examples = new Map<string, OperationExample>(),
): JsonSchema {
  const tolerant = files.filter((file) => file.family === 'tolerant');
  const refs = new Map(tolerant.map((file) => [schemaFileName(file.name), file.name]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Site Articles and Comments',
      version: 'unversioned',
      description:
        'Generated from spec/interface-tables.md. Authentication, errors, paging and versioning are not stated by the interface: the token (X-API-TOKEN or api_token) and the error answers here are what this mock does, after the API family it belongs to.',
    },
    servers: [{ url: 'http://127.0.0.1:4010', description: 'The mock server (npm start)' }],
    tags,
    paths: paths(model, examples),
    components: {
      schemas: {
        ...Object.fromEntries(tolerant.map((file) => [file.name, toComponent(file.schema, refs)])),
        ...errorComponents,
      },
      securitySchemes,
    },
  };
}
