/**
 * The one validation module the mock and the contract suite share, so "valid" means the same in
 * both: a single Ajv instance (strict mode, every error collected), every generated schema added
 * once by its `$id`, and each validator compiled once, when this module is first loaded.
 */
import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { requestShapes, responseShapes, schemaDocuments, schemaIds, type RequestShape, type ResponseShape } from '../schemas';
import { toViolations, type Violation } from './violations';

export type { Violation } from './violations';
export { describeViolations } from './violations';
export type Family = 'tolerant' | 'strict';

function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv, ['date-time', 'email']);
  // Annotation kept for the contract suite's address checks; it validates nothing by itself.
  ajv.addKeyword({ keyword: 'x-ends-with', schemaType: 'string' });
  for (const document of schemaDocuments) ajv.addSchema(document);
  return ajv;
}

const ajv = createAjv();

function compile(id: string): ValidateFunction {
  const validator = ajv.getSchema(id);
  if (!validator) throw new Error(`no generated schema with $id ${id}`);
  return validator;
}

const responseValidators = new Map(responseShapes.flatMap((shape) => [
  [`tolerant ${shape}`, compile(schemaIds[shape].tolerant)],
  [`strict ${shape}`, compile(schemaIds[shape].strict)],
] as const));
const requestValidators = new Map(requestShapes.map((shape) => [shape, compile(schemaIds[shape].tolerant)] as const));

function run(validator: ValidateFunction | undefined, data: unknown): Violation[] {
  if (!validator) throw new Error('unknown shape');
  return validator(data) ? [] : toViolations(validator.errors);
}

/**
 * Checks a response body. `tolerant` allows fields the interface does not list (how a real
 * deployment is judged); `strict` allows only the listed ones (how the mock judges itself).
 */
export function validateResponse(shape: ResponseShape, data: unknown, family: Family = 'tolerant'): Violation[] {
  return run(responseValidators.get(`${family} ${shape}`), data);
}

/** Checks a request payload; extra fields are accepted (and ignored by the mock). */
export function validateRequest(shape: RequestShape, data: unknown): Violation[] {
  return run(requestValidators.get(shape), data);
}
