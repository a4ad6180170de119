/**
 * Node's half of loading validators (validation/index.ts): the standalone module the build writes
 * beside the validation module, unless absent or built from other schemas. Kept apart so that a
 * browser bundle of the mock (mock/msw) never reaches node:fs or node:crypto.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { schemaFingerprint } from './fingerprint';

/** File name of the standalone validators the build writes beside validation/index. */
export const precompiledFile = 'precompiled.js';

export interface Validator {
  (data: unknown): boolean;
  errors?: unknown;
}

export function loadPrecompiled(folder: string): Record<string, Validator | undefined> | undefined {
  const file = join(folder, precompiledFile);
  if (!existsSync(file)) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the file exists only in builds
  const loaded = require(file) as Record<string, Validator | undefined> & { fingerprint?: unknown };
  return loaded.fingerprint === schemaFingerprint() ? loaded : undefined;
}
