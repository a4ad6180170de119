/**
 * The packages' builds made current before a run's first test: the tests start the commands as
 * their packages ship them (cli-process.ts), so a build older than its sources would test old code.
 * scripts/build.ts itself skips a build whose sources have not changed (build-stamp.ts), as after
 * `npm ci`, whose `prepare` has just built.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { buildIsCurrent } from '../scripts/build-stamp';

const root = join(__dirname, '..');

export function makeBuildCurrent(): void {
  if (buildIsCurrent(root)) return;
  console.log('\nnpm test: the sources changed since the last build; building the packages first');
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
}
