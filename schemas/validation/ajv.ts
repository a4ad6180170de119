/**
 * The one Ajv configuration: strict mode, every error collected, the two formats the schemas use
 * (`email` from ajv-formats, `date-time` from ./date-time, which decides as ajv-formats does, only
 * faster), the address annotation, and every generated schema added once by its `$id`. The
 * validation module compiles from it at run time; `scripts/precompile-validators.ts` compiles
 * from it at build time, so both produce the same validators.
 */
import Ajv2020, { _ } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { schemaDocuments } from '../generated/index';
import { ownFormats } from './date-time';

export function createAjv(options: { source?: boolean } = {}): Ajv2020 {
  // Standalone code reaches a format function through this expression; `email` is a regular
  // expression, written into the code itself. The path is relative to the build's precompiled modules (precompiled-loader.ts).
  const formats = _`require("./date-time").ownFormats`;
  const ajv = new Ajv2020({ strict: true, allErrors: true, code: { source: options.source ?? false, formats } });
  addFormats(ajv, ['email']);
  ajv.addFormat('date-time', ownFormats['date-time']);
  // Annotation kept for the contract suite's address checks; it validates nothing by itself.
  ajv.addKeyword({ keyword: 'x-ends-with', schemaType: 'string' });
  for (const document of schemaDocuments) ajv.addSchema(document);
  return ajv;
}
