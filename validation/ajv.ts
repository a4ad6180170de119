/**
 * The one Ajv configuration: strict mode, every error collected, the two formats the schemas use,
 * the address annotation, and every generated schema added once by its `$id`. The validation
 * module compiles from it at run time; `scripts/precompile-validators.ts` compiles from it at
 * build time, so both produce the same validators.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { schemaDocuments } from '../schemas';

export function createAjv(options: { source?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, code: { source: options.source ?? false } });
  addFormats(ajv, ['date-time', 'email']);
  // Annotation kept for the contract suite's address checks; it validates nothing by itself.
  ajv.addKeyword({ keyword: 'x-ends-with', schemaType: 'string' });
  for (const document of schemaDocuments) ajv.addSchema(document);
  return ajv;
}
