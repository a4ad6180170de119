/**
 * Values and key names drawn from the whole space the interface allows (4.3: "any JSON values";
 * no rule for key names), by fast-check's JSON and string arbitraries from a seed, so a failing run
 * is replayed with `--seed`. Deep and wide, long and short, every number form JSON can carry.
 */
import fc from 'fast-check';
import { isAddressableKey } from './addressable';

/** How many values and names one run draws per article: enough to vary, few enough to stay quick. */
export const generatedPerRun = 12;

/**
 * Any code point, lone surrogates included (JSON carries them as \u escapes). fast-check's own
 * `unit: 'binary'` draws the same, but building it costs over a second at every start.
 */
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((point) => String.fromCodePoint(point));

const values = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.jsonValue({ maxDepth: 1 }).map((value) => Array.from({ length: 40 }, () => value)),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
  fc.string({ unit: anyCodePoint, maxLength: 2000 }),
);

// Whole characters only: a lone surrogate has no UTF-8 form, so no path can carry it.
const names = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 });

export function generatedValues(seed: number): unknown[] {
  return fc.sample(values, { seed, numRuns: generatedPerRun });
}

/** Names after the run's marker; a name without an address of its own (`.` and `..`) is never drawn. */
export function generatedNames(seed: number, marker: string): string[] {
  return fc
    .sample(names, { seed: seed + 1, numRuns: generatedPerRun * 2 })
    .filter((name) => isAddressableKey(`${marker}_${name}`) && !/^\.{1,2}$/.test(name))
    .slice(0, generatedPerRun);
}
