/**
 * The failing run a new user meets first: the proof's `racy-set-key-loses-keys` variant served by
 * `npm run variant` with every answer 20 to 60 ms late, and `npm run contract` against it on
 * articles 1 and 2 with `--html` and `--junit`, each a real child process. The report tests measure
 * what it writes; scripts/failure-report-screenshots.ts photographs its HTML report.
 */
import { join } from 'node:path';
import { serving, startCli, type Cli } from './cli-process';
import { startContractCli, type Finished } from './contract-cli';

export interface FailingRun extends Finished {
  /** The variant's address, still served until `stop`. */
  base: string;
  html: string;
  junit: string;
  /** Where the run writes its case files: beside the reports. */
  cases: string;
  stop: () => void;
}

/** Serves the variant and runs the suite against it, writing the reports into `folder`. */
export async function failingRun(folder: string): Promise<FailingRun> {
  const variant: Cli = startCli(
    ['racy-set-key-loses-keys', '--port', '0', '--delay', '20-60', '--quiet'],
    {},
    'proof/variant-server.ts',
  );
  const base = await serving(variant);
  const html = join(folder, 'fail.html');
  const junit = join(folder, 'fail.xml');
  const run = startContractCli(['--base-url', base, '--article-id', '1,2', '--html', html, '--junit', junit]);
  const finished = await run.finished;
  return { ...finished, base, html, junit, cases: join(folder, 'contract-failures'), stop: () => variant.child.kill() };
}
