/**
 * `paths` and `operations` types for the six operations (section 4), written by openapi-typescript
 * from the generated OpenAPI document: the form `openapi-fetch`'s `createClient<paths>()` reads,
 * so every request, path parameter and answer is typed by the same document that describes them.
 */
import type { OpenAPI3 } from 'openapi-typescript';
import type { JsonSchema } from './build-schemas';

// The document is built as plain JSON; openapi-typescript reads it as the OpenAPI 3.1 it is.
export async function buildOperationTypes(openapi: JsonSchema, banner: string): Promise<string> {
  // Loaded as ES module: its CommonJS build requires ES-only packages, which jest cannot require.
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const nodes = await openapiTS(openapi as unknown as OpenAPI3);
  return `${banner}\n\n${astToString(nodes)}`;
}
