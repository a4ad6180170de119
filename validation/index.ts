/**
 * The one validation module the mock and the contract suite share, so "valid" means the same in
 * both: one Ajv configuration (validation/ajv.ts: strict mode, every error collected), every
 * generated schema added once by its `$id`, each validator compiled once.
 *
 * Compiling every schema takes about 200 ms, most of the mock's start-up (BENCHMARKS.md). So the
 * build compiles them ahead of time (`scripts/precompile-validators.ts` writes Ajv's standalone
 * code next to this module in `dist/`), and a run from source compiles each validator the first
 * time it is used. Either way a validator is the code Ajv generates from the same configuration.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type Ajv2020 from 'ajv/dist/2020';
import { requestShapes, responseShapes, schemaIds, type RequestShape, type ResponseShape } from '../schemas';
import type * as AjvModule from './ajv';
import { schemaFingerprint } from './fingerprint';
import { toViolations, type Violation } from './violations';

export type { Violation } from './violations';
export { describeViolations } from './violations';
export type Family = 'tolerant' | 'strict';

/** What Ajv's compiled and standalone validators both are. */
interface Validator {
  (data: unknown): boolean;
  errors?: Parameters<typeof toViolations>[0];
}

/** File name of the standalone validators the build writes beside this module. */
export const precompiledFile = 'precompiled.js';

/**
 * Loads a module only when it is needed: the precompiled validators exist only in builds, and Ajv
 * itself (about 60 ms to load) only when a validator has to be compiled.
 */
function load(path: string): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a run-time choice, see above
  return require(path);
}

/** The build's standalone validators by `$id`, unless absent or built from other schemas. */
function loadPrecompiled(): Record<string, Validator | undefined> | undefined {
  const file = join(__dirname, precompiledFile);
  if (!existsSync(file)) return undefined;
  const loaded = load(file) as Record<string, Validator | undefined> & { fingerprint?: unknown };
  return loaded.fingerprint === schemaFingerprint() ? loaded : undefined;
}

const precompiled = loadPrecompiled();
let ajv: Ajv2020 | undefined;
const validators = new Map<string, Validator>();

function compile(id: string): Validator {
  ajv ??= (load('./ajv') as typeof AjvModule).createAjv();
  const validator = ajv.getSchema(id);
  if (!validator) throw new Error(`no generated schema with $id ${id}`);
  return validator;
}

function validatorFor(id: string): Validator {
  const known = validators.get(id);
  if (known) return known;
  const validator = precompiled?.[id] ?? compile(id);
  validators.set(id, validator);
  return validator;
}

const knownResponses = new Set<string>(responseShapes);
const knownRequests = new Set<string>(requestShapes);

function run(id: string, data: unknown): Violation[] {
  const validator = validatorFor(id);
  return validator(data) ? [] : toViolations(validator.errors);
}

/**
 * Checks a response body. `tolerant` allows fields the interface does not list (how a real
 * deployment is judged); `strict` allows only the listed ones (how the mock judges itself).
 */
export function validateResponse(shape: ResponseShape, data: unknown, family: Family = 'tolerant'): Violation[] {
  if (!knownResponses.has(shape)) throw new Error('unknown shape');
  const ids: { tolerant: string; strict?: string } = schemaIds[shape];
  const id = family === 'strict' ? ids.strict : ids.tolerant;
  if (id === undefined) throw new Error('unknown shape');
  return run(id, data);
}

/** Checks a request payload; extra fields are accepted (and ignored by the mock). */
export function validateRequest(shape: RequestShape, data: unknown): Violation[] {
  if (!knownRequests.has(shape)) throw new Error('unknown shape');
  return run(schemaIds[shape].tolerant, data);
}
