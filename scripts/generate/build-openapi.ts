/**
 * An OpenAPI 3.1 document of the interface's six operations (section 4), whose component schemas
 * are the tolerant JSON Schemas themselves, with `$ref`s pointed at `#/components/schemas`.
 */
import { schemaFileName, type JsonSchema, type SchemaFile } from './build-schemas';
import type { InterfaceModel, Operation } from './model';

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

function parameters(path: string): JsonSchema[] {
  const names = [...path.matchAll(/\{([a-z_]+)\}/g)].map((match) => match[1] ?? '');
  return names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: name === 'article_id' ? { type: 'integer' } : { type: 'string' },
    ...(name === 'key'
      ? { description: 'Data key, URL-encoded. Keys starting with the reserved prefix are read-only.' }
      : {}),
  }));
}

/**
 * A stated answer without a stated status is some success (`2XX`). Neither stated (4.6): still
 * some success, with whatever JSON body the service sends, so typed clients treat it as success.
 */
function responses(operation: Operation): JsonSchema {
  const body = operation.answer ? componentRef(operation.answer) : { description: 'Any JSON value, or no body.' };
  const content = { content: { 'application/json': { schema: body } } };
  if (operation.status !== undefined) {
    const answer = operation.answer ? content : {};
    return { [String(operation.status)]: { description: `Interface section ${operation.section}.`, ...answer } };
  }
  const unstated = operation.answer ? 'The exact success status is' : 'The success status and body are';
  return { '2XX': { description: `Interface section ${operation.section}. ${unstated} not stated.`, ...content } };
}

function operationObject(operation: Operation): JsonSchema {
  const request = operation.request
    ? { requestBody: { required: true, content: { 'application/json': { schema: componentRef(operation.request) } } } }
    : {};
  return {
    operationId: operation.id,
    summary: `Interface section ${operation.section}`,
    parameters: parameters(operation.path),
    ...request,
    responses: responses(operation),
  };
}

function paths(operations: Operation[]): JsonSchema {
  const byPath: Record<string, JsonSchema> = {};
  for (const operation of operations) {
    byPath[operation.path] = {
      ...byPath[operation.path],
      [operation.method.toLowerCase()]: operationObject(operation),
    };
  }
  return byPath;
}

export function buildOpenApi(model: InterfaceModel, files: SchemaFile[]): JsonSchema {
  const tolerant = files.filter((file) => file.family === 'tolerant');
  const refs = new Map(tolerant.map((file) => [schemaFileName(file.name), file.name]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Site Articles and Comments',
      version: 'unversioned',
      description:
        'Generated from spec/interface-tables.md. Authentication, errors, paging and versioning are not stated by the interface.',
    },
    servers: [{ url: 'http://127.0.0.1:4010', description: 'The mock server (npm start)' }],
    paths: paths(model.operations),
    components: {
      schemas: Object.fromEntries(tolerant.map((file) => [file.name, toComponent(file.schema, refs)])),
    },
  };
}
