/**
 * The one validation module the mock and the contract suite share, so "valid" means the same in
 * both: one Ajv configuration (validation/ajv.ts: strict mode, every error collected), every
 * generated schema added once by its `$id`, each validator compiled once.
 *
 * Compiling every schema takes about 200 ms, most of the mock's start-up (BENCHMARKS.md). So the
 * build compiles them ahead of time (`scripts/precompile-validators.ts` writes Ajv's standalone
 * code of each schema next to this module in `dist/`), each loaded the first time it is used, and
 * a run from source compiles each validator the first time it is used. Either way a validator is the code Ajv generates from the same configuration.
 */
import type Ajv2020 from 'ajv/dist/2020';
import {
  requestShapes,
  responseShapes,
  schemaIds,
  type RequestShape,
  type ResponseShape,
} from '../generated/catalogue';
import type * as AjvModule from './ajv';
import type * as LoaderModule from './precompiled-loader';
import { toViolations, type SchemaViolation } from './violations';

export type { SchemaViolation } from './violations';
export { describeViolations } from './violations';
export type Family = 'tolerant' | 'strict';

/** What Ajv's compiled and standalone validators both are. */
interface Validator {
  (data: unknown): boolean;
  errors?: Parameters<typeof toViolations>[0];
}

/**
 * The build's standalone validators, on Node only: the loader, required once here, requires each
 * schema's module when its validator is first asked for. It is required by a computed name so that
 * bundlers leave it (and its node:fs) out of a browser bundle, where `__dirname` is undefined and
 * every validator is compiled on first use instead.
 */
const loader =
  typeof __dirname === 'string'
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- a run-time choice, see above
      (require(`${__dirname}/precompiled-loader`) as typeof LoaderModule)
    : undefined;

const loadPrecompiled = (id: string): Validator | undefined =>
  loader?.loadPrecompiled(__dirname, id) as Validator | undefined;

let ajv: Ajv2020 | undefined;
const validators = new Map<string, Validator>();

function compile(id: string): Validator {
  // Required on first use: Ajv takes about 60 ms to load, and a build rarely needs it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily, see above
  ajv ??= (require('./ajv') as typeof AjvModule).createAjv();
  const validator = ajv.getSchema(id);
  if (!validator) throw new Error(`no generated schema with $id ${id}`);
  return validator;
}

function validatorFor(id: string): Validator {
  const known = validators.get(id);
  if (known) return known;
  const validator = loadPrecompiled(id) ?? compile(id);
  validators.set(id, validator);
  return validator;
}

const knownResponses = new Set<string>(responseShapes);
const knownRequests = new Set<string>(requestShapes);

function run(id: string, data: unknown): SchemaViolation[] {
  const validator = validatorFor(id);
  return validator(data) ? [] : toViolations(validator.errors);
}

/**
 * Checks a response body. `tolerant` allows fields the interface does not list (how a real
 * deployment is judged); `strict` allows only the listed ones (how the mock judges itself).
 */
export function validateResponse(shape: ResponseShape, data: unknown, family: Family = 'tolerant'): SchemaViolation[] {
  if (!knownResponses.has(shape)) throw new Error('unknown shape');
  const ids: { tolerant: string; strict?: string } = schemaIds[shape];
  const id = family === 'strict' ? ids.strict : ids.tolerant;
  if (id === undefined) throw new Error('unknown shape');
  return run(id, data);
}

/** Checks a request payload; extra fields are accepted (and ignored by the mock). */
export function validateRequest(shape: RequestShape, data: unknown): SchemaViolation[] {
  if (!knownRequests.has(shape)) throw new Error('unknown shape');
  return run(schemaIds[shape].tolerant, data);
}
