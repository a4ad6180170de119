/**
 * Node's half of loading validators (validation/index.ts): the standalone module the build writes
 * for each schema beside the validation module, unless absent or built from other schemas. One
 * module a schema, required when its validator is first asked for: a start loads the few it
 * answers with, not all of them (BENCHMARKS.md). Kept apart so that a browser bundle of the mock
 * (mock/msw) never reaches node:fs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { schemaFingerprint } from '../generated/catalogue';

export interface Validator {
  (data: unknown): boolean;
  errors?: unknown;
}

/**
 * The file of one schema's standalone validator: `precompiled.article.js` for `article.json`,
 * `precompiled.strict.article.js` for `strict/article.json`. Flat, beside the validation module,
 * since Ajv's code requires `./date-time` from where it lies.
 */
export const precompiledFile = (id: string): string =>
  `precompiled.${id.replace(/\.json$/, '').replace(/\//g, '.')}.js`;

/** Each module exports its validator as `validate` and the fingerprint of the schemas it was built from. */
interface PrecompiledModule {
  validate?: Validator;
  fingerprint?: unknown;
}

/** The build's validator of the schema `id` in `folder`, or undefined: none built, or built from other schemas. */
export function loadPrecompiled(folder: string, id: string): Validator | undefined {
  const file = join(folder, precompiledFile(id));
  if (!existsSync(file)) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the files exist only in builds
  const loaded = require(file) as PrecompiledModule;
  return loaded.fingerprint === schemaFingerprint ? loaded.validate : undefined;
}
