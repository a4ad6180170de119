/**
 * TypeScript types from the JSON Schemas, through json-schema-to-typescript. Response types come
 * from the strict family (exactly the listed fields); request types accept extra fields, as the
 * request schemas do. Each shape becomes one exported declaration of `types/index.ts`.
 */
import { compile } from 'json-schema-to-typescript';
import { schemaFileName, type JsonSchema, type SchemaFile } from './build-schemas';

/** `{}` (any JSON value) would otherwise become an object type. */
const isAnyValue = (schema: JsonSchema): boolean => Object.keys(schema).every((key) => key === 'description');

/** Replaces `$ref: "page-summary.json"` by a reference to the declaration of that shape. */
function linkShapes(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => linkShapes(item, names));
  if (value === null || typeof value !== 'object') return value;
  const schema = value as JsonSchema;
  const ref = schema.$ref;
  if (isAnyValue(schema)) return { ...schema, tsType: 'unknown' };
  if (typeof ref === 'string') {
    const { $ref: _ref, ...rest } = schema;
    return { ...rest, tsType: names.get(ref) ?? ref };
  }
  const entries = Object.entries(schema).filter(([key]) => key !== '$id' && key !== '$schema');
  return Object.fromEntries(entries.map(([key, item]) => [key, linkShapes(item, names)]));
}

export function typeSources(files: SchemaFile[]): SchemaFile[] {
  return files.filter((file) => (file.role === 'response' ? file.family === 'strict' : true));
}

export async function buildTypes(files: SchemaFile[], banner: string): Promise<string> {
  const sources = typeSources(files);
  const names = new Map(sources.map((file) => [schemaFileName(file.name), file.name]));
  const declarations: string[] = [];
  for (const file of sources) {
    const schema = linkShapes(file.schema, names) as Parameters<typeof compile>[0];
    declarations.push(
      await compile(schema, file.name, { bannerComment: '', additionalProperties: true, format: true }),
    );
  }
  // The per-operation types (build-operations.ts) are reached from the same entry point as the shapes.
  const operations = "export type { paths, operations } from './operations';";
  return `${banner}\n\n${operations}\n\n${declarations.map((text) => text.trim()).join('\n\n')}\n`;
}
