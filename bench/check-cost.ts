/**
 * The CPU time of one schema check of an answer, measured directly (run pinned to the server's
 * core): argv[2] is the build's validation module, argv[3] JSON `[{ shape, body }]`. Prints
 * `[{ shape, us }]`. Comparing a checked server with an unchecked one is too noisy on a shared
 * machine to resolve a few per cent; this, divided by the CPU an answer takes, is not.
 */
import { createRequire } from 'node:module';

interface Validation {
  validateResponse(shape: string, data: unknown, family: 'strict'): unknown[];
}

const validation = createRequire(__filename)(process.argv[2] ?? '') as Validation;
const answers = JSON.parse(process.argv[3] ?? '[]') as { shape: string; body: unknown }[];

const results = answers.map(({ shape, body }) => {
  if (validation.validateResponse(shape, body, 'strict').length > 0)
    throw new Error(`the ${shape} answer does not pass its own check`);
  for (let index = 0; index < 5_000; index += 1) validation.validateResponse(shape, body, 'strict');
  const rounds = 50_000;
  const started = process.hrtime.bigint();
  for (let index = 0; index < rounds; index += 1) validation.validateResponse(shape, body, 'strict');
  return { shape, us: Number(process.hrtime.bigint() - started) / 1e3 / rounds };
});
process.stdout.write(`${JSON.stringify(results)}\n`);
