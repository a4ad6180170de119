/**
 * `npm run bench`: the built mock, as `npm start` runs it, against a bare Express app in
 * the same run; prints the results and writes them into BENCHMARKS.md between its markers.
 *
 *   npm run bench                  full run, about seventeen minutes (npm test included); writes BENCHMARKS.md
 *   npm run bench -- --quick       short runs and a smaller large site; prints only (add --write)
 *   npm run bench -- --limit-only  the rounds against plain node:http and the cold starts; prints only
 *   npm run bench -- --reach-only  the contract suite against the mock with --delay (bench/reach.ts); prints only
 *                                  (--reach-row <text>: only the rows whose name holds it, as `--reach-row explore`)
 *   npm run bench -- --duration-only [<time>]  --duration against the built mock, memory each minute
 *                                  (bench/duration.ts; default 60m, --concurrency 32, --in-process);
 *                                  writes its block of BENCHMARKS.md (not with --no-write)
 *   options: --skip-large, --regenerate (the large fixture), --no-write, --out <file>
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { schemaDocuments } from 'site-articles-schemas';
import { loadPrecompiled } from '../schemas/validation/precompiled-loader';
import { fullSettings, largeFile, quickSettings } from './cases';
import { currentLoad, describeMachine, pinSelf } from './machine';
import { renderRun, type Run } from './report';
import { runPersistence } from './persistence';
import { runCoreWork, runMachineLimit, runNpmTest } from './limit';
import { limitSection, limitTargets } from './limit-report';
import { table } from './format';
import { reachTable, runReach } from './reach';
import { durationHeader, durationRow, durationSection, runDurationBench, type DurationSettings } from './duration';
import {
  bareExpress,
  mockArticle,
  runCheckCost,
  runColdStarts,
  runContractSuite,
  slowTargetDelayMs,
  runLargeSite,
  runLinearizability,
  runOperations,
  runValidationCost,
  type Runner,
} from './sections';

/** The blocks of BENCHMARKS.md the runner owns, each between its markers, and a heading for a file without them. */
const blocks = {
  'latest-run': '## Latest run',
  duration: '### A run that keeps going',
} as const;

function projectRoot(): string {
  let folder = __dirname;
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error('no package.json above the bench folder');
    folder = parent;
  }
  return folder;
}

/** Puts `markdown` between the block's markers in BENCHMARKS.md, leaving the rest of it as it is. */
function writeBlock(file: string, name: keyof typeof blocks, markdown: string): void {
  const startMarker = `<!-- bench:${name}:start -->`;
  const endMarker = `<!-- bench:${name}:end -->`;
  const block = `${startMarker}\n${markdown}\n${endMarker}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = current.indexOf(startMarker);
  const end = current.indexOf(endMarker);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${block}${current.slice(end + endMarker.length)}`
      : `${current.trimEnd()}\n\n${blocks[name]}\n\n${block}\n`;
  writeFileSync(file, next);
}

/** Every schema's validator built, and built from the schemas as they are (the loader's own test). */
const precompiledCurrent = (folder: string): boolean =>
  schemaDocuments.every((document) => loadPrecompiled(folder, document.$id) !== undefined);

/**
 * `--limit-only`: the rounds against plain node:http and the cold starts, nothing else (about
 * two minutes), printed and never written: for trying a change, not for the record.
 */
async function printLimitOnly(runner: Runner, log: (step: string) => void): Promise<void> {
  const article = await mockArticle(runner);
  log('the machine limit: reading an article and setting a key, mock and plain node:http');
  const limit = await runMachineLimit(runner, article);
  const coreWork = await runCoreWork(runner, article);
  log('cold starts');
  const coldStarts = await runColdStarts(runner, article);
  console.log(table(['target', 'this run', 'met'], limitTargets({ limit, coldStarts })));
  console.log(`\n${limitSection({ limit, coldStarts, coreWork })}`);
}

function wholeNumber(text: string, option: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${option} must be a whole number of at least 1, not ${text}`);
  return value;
}

/**
 * `--duration-only`: the contract command's `--duration` against the built mock, a row each minute
 * as it goes, then its block of BENCHMARKS.md written (unless `file` is undefined or the run was
 * refused or interrupted).
 */
async function printDurationOnly(
  runner: Runner,
  root: string,
  settings: DurationSettings,
  file: string | undefined,
  log: (step: string) => void,
): Promise<void> {
  const date = new Date();
  const loadBefore = currentLoad();
  log(`--duration ${settings.time} at --concurrency ${String(settings.concurrency)}, a row each minute`);
  console.log(table(durationHeader, []));
  const ran = await runDurationBench(runner, root, settings, (row) => {
    console.log(table(durationHeader, [durationRow(row)]).split('\n')[2]);
  });
  const markdown = durationSection(ran, date, loadBefore);
  console.log(`\n${ran.ending.join('\n')}\n\n${markdown}`);
  // A run that passed or found a violation is a result; one refused or interrupted (2, 130) is not.
  const judged = ran.exitCode === 0 || ran.exitCode === 1;
  if (file && judged) writeBlock(file, 'duration', markdown);
  if (ran.exitCode !== 0) process.exitCode = 1;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      quick: { type: 'boolean' },
      'skip-large': { type: 'boolean' },
      regenerate: { type: 'boolean' },
      write: { type: 'boolean' },
      'no-write': { type: 'boolean' },
      out: { type: 'string' },
      'limit-only': { type: 'boolean' },
      'reach-only': { type: 'boolean' },
      'reach-row': { type: 'string' },
      'duration-only': { type: 'boolean' },
      concurrency: { type: 'string', default: '32' },
      'in-process': { type: 'boolean' },
    },
    allowPositionals: true,
  });
  const root = projectRoot();
  // The bench measures the mock package's build, as `npm start` runs it.
  const cli = join(root, 'mock', 'dist', 'cli.js');
  const validationBuild = join(root, 'schemas', 'dist', 'validation');
  if (!existsSync(cli))
    throw new Error('mock/dist/cli.js is missing: run `npm run build` first (`npm run bench` does)');
  const machine = describeMachine();
  pinSelf(machine);
  const settings = values.quick ? quickSettings : fullSettings;
  const runner: Runner = {
    settings,
    pin: machine.pinned,
    cli,
    script: (name) => [...process.execArgv, join(__dirname, `${name}${extname(__filename)}`)],
  };
  const log = (step: string): void => {
    console.error(`bench: ${step} (load average ${String(currentLoad())})`);
  };
  const run: Partial<Run> = {
    date: new Date(),
    mode: values.quick ? 'quick' : 'full',
    machine,
    settings,
    loadBefore: currentLoad(),
  };
  if (values['reach-only']) {
    log('the contract suite against the mock with --delay, one run after another');
    console.log(table(['run', 'took', 'wanted', 'met'], reachTable(await runReach(runner, root, values['reach-row']))));
    return;
  }
  if (values['duration-only']) {
    const settings = {
      time: positionals[0] ?? '60m',
      concurrency: wholeNumber(values.concurrency, '--concurrency'),
      inProcess: values['in-process'] ?? false,
    };
    const file = values['no-write'] === true ? undefined : (values.out ?? join(root, 'BENCHMARKS.md'));
    await printDurationOnly(runner, root, settings, file, log);
    return;
  }
  if (values['limit-only']) {
    await printLimitOnly(runner, log);
    return;
  }
  run.precompiled = precompiledCurrent(validationBuild);
  log('the five operations, mock and bare Express');
  const answers = await runOperations(runner);
  Object.assign(run, { operations: answers.operations, peakMb: answers.peakMb });
  log('the schema check: its own cost, and the mock with it and without');
  run.checks = await runCheckCost(runner, validationBuild, answers);
  run.validation = await runValidationCost(runner);
  log('the machine limit: reading an article and setting a key, mock and plain node:http');
  run.limit = await runMachineLimit(runner, answers.article);
  run.coreWork = await runCoreWork(runner, answers.article);
  log('cold starts');
  run.coldStarts = await runColdStarts(runner, answers.article);
  log(`the contract suite in-process, fixed and --explore 200, and on a target ${String(slowTargetDelayMs)} ms away`);
  run.contract = await runContractSuite(runner, root);
  log('the linearizability check on bursts of 8, 32 and 64 overlapping requests');
  run.linearizability = await runLinearizability(runner);
  if (!values['skip-large']) {
    log('the large site');
    run.large = await runLargeSite(runner, join(root, largeFile(settings)), values.regenerate ?? false);
  }
  log('--persist: durable writes against bare Express, the cost of a write, the persisted large site');
  const bare = bareExpress(runner, answers.article, answers.comments);
  run.persist = await runPersistence(runner, bare, values['skip-large'] ? undefined : join(root, largeFile(settings)));
  if (!values.quick) {
    log('npm test, whole, as the README runs it');
    run.npmTest = runNpmTest(root, machine.pinned);
  }
  run.loadAfter = currentLoad();
  const markdown = renderRun(run as Run);
  console.log(markdown);
  const write = values['no-write'] !== true && (values.quick !== true || values.write === true);
  if (write) writeBlock(values.out ?? join(root, 'BENCHMARKS.md'), 'latest-run', markdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
