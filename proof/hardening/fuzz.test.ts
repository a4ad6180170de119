/**
 * Thousands of generated requests over HTTP never break the mock. A fixed seed and a
 * modest count keep CI repeatable; FUZZ_SEED and FUZZ_RUNS replay or lengthen a run, and
 * `npm run fuzz` runs a long random one.
 */
import fc from 'fast-check';
import { fuzzProperty, withFuzzHarness } from './property';

const seed = Number(process.env.FUZZ_SEED ?? 20_240_501);
const numRuns = Number(process.env.FUZZ_RUNS ?? 400);

test('answers every generated request without a 5xx, with JSON errors, schema-valid successes and intact state', async () => {
  await withFuzzHarness((harness) => fc.assert(fuzzProperty(harness), { seed, numRuns, endOnFailure: true }));
}, 120_000);
