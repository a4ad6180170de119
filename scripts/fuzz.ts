/**
 * `npm run fuzz`: the hardening property (proof/hardening/property.ts) as a long random
 * run. It prints the seed before it starts and, on a failure, the shrunk counterexample and the
 * command that replays exactly that case.
 *
 *   npm run fuzz                                   10 000 runs, random seed
 *   npm run fuzz -- --runs 50000 --seed 42         (or FUZZ_RUNS, FUZZ_SEED)
 *   npm run fuzz -- --seed 42 --path "812:3:0"     replay a reported failure
 */
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { fuzzProperty, withFuzzHarness } from '../proof/hardening/property';

interface Settings {
  runs: number;
  seed: number;
  path?: string;
}

function wholeNumber(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be a whole number, not "${text}"`);
  return value;
}

function readSettings(argv: string[], env: NodeJS.ProcessEnv): Settings {
  const { values } = parseArgs({
    args: argv,
    options: { runs: { type: 'string' }, seed: { type: 'string' }, path: { type: 'string' } },
    strict: true,
  });
  const runs = wholeNumber(values.runs ?? env.FUZZ_RUNS, '--runs', 10_000);
  const seed = wholeNumber(values.seed ?? env.FUZZ_SEED, '--seed', Math.floor(Math.random() * 2 ** 31));
  return { runs, seed, ...(values.path ? { path: values.path } : {}) };
}

async function fuzz(settings: Settings): Promise<boolean> {
  console.log(
    `fuzz: seed ${settings.seed}, ${settings.runs} runs${settings.path ? `, replaying path ${settings.path}` : ''}`,
  );
  const started = Date.now();
  let runs = 0;
  const progress = (): void => {
    runs += 1;
    if (runs % 1000 === 0) console.log(`fuzz: ${runs} runs, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  };
  const details = await withFuzzHarness((harness) =>
    fc.check(fuzzProperty(harness, progress), {
      seed: settings.seed,
      numRuns: settings.runs,
      ...(settings.path ? { path: settings.path, endOnFailure: true } : {}),
    }),
  );
  if (!details.failed) {
    console.log(
      `fuzz: ${details.numRuns} runs passed in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${settings.seed})`,
    );
    return true;
  }
  console.error(fc.defaultReportMessage(details));
  const cause = details.errorInstance;
  console.error(`\nWhat went wrong:\n${cause instanceof Error ? cause.message : String(cause)}`);
  console.error(
    `\nfuzz: failed. Replay with:\n  npm run fuzz -- --seed ${details.seed} --path "${details.counterexamplePath ?? ''}"`,
  );
  return false;
}

fuzz(readSettings(process.argv.slice(2), process.env)).then(
  (passed) => {
    process.exitCode = passed ? 0 : 1;
  },
  (error: unknown) => {
    console.error(`fuzz: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  },
);
