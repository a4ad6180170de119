/**
 * `schemas/generated/types/index.ts`: the names client code uses (`Article`, `Comment`, `DataKeyResponse`...), each
 * an alias of the one declaration openapi-typescript wrote into `schemas/generated/types/operations.ts` from the
 * OpenAPI document, so every shape is declared once. Response types are the strict family (exactly
 * the listed fields); request types accept extra fields, as the request schemas do.
 */
import type { JsonSchema, SchemaFile } from './build-schemas';

/** The shapes that get a name: each response shape once (its strict form), and every request shape. */
export function typeSources(files: SchemaFile[]): SchemaFile[] {
  return files.filter((file) => (file.role === 'response' ? file.family === 'strict' : true));
}

/** The schema's description as a doc comment (`Interface section 2.1.`), so editors show where a shape is stated. */
function docComment(schema: JsonSchema): string {
  const description = typeof schema.description === 'string' ? schema.description : '';
  return description === '' ? '' : `/** ${description.replace(/\*\//g, '* /')} */\n`;
}

export function buildTypes(files: SchemaFile[], openapi: JsonSchema, banner: string): string {
  const components = (openapi.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ?? {};
  const sources = typeSources(files);
  const missing = sources.filter((file) => !(file.name in components)).map((file) => file.name);
  if (missing.length > 0) throw new Error(`the OpenAPI document has no component for ${missing.join(', ')}`);
  const aliases = sources.map(
    (file) => `${docComment(file.schema)}export type ${file.name} = components['schemas']['${file.name}'];`,
  );
  return [
    banner,
    "import type { components } from './operations';",
    "export type { components, operations, paths } from './operations';",
    ...aliases,
  ].join('\n\n');
}
