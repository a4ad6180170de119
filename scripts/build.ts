/**
 * `npm run build`: compiles the three packages in dependency order (each `tsc` resolves the one
 * before through its package name, as an installing project will) and writes the precompiled
 * validators into the schemas package's build. A plain sequence of `tsc -p`, not `tsc -b`: project
 * references would need the generated JSON Schemas listed file by file as the packages' sources.
 *
 * A build whose sources have not changed since the last one is skipped (build-stamp.ts): each
 * package's `prepack` builds the workspace, and `npm pack` of the three would otherwise compile it
 * three times over. `--force` builds all the same.
 *
 *   tsx scripts/build.ts [--force]
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildIsCurrent, forgetBuild, packagesInBuildOrder, stampBuild } from './build-stamp';
import { writePrecompiledValidators } from './precompile-validators';

const root = join(__dirname, '..');
const tsc = require.resolve('typescript/bin/tsc');

function build(): void {
  for (const folder of packagesInBuildOrder) {
    rmSync(join(root, folder, 'dist'), { recursive: true, force: true });
    // A copy staged for bundling that an interrupted `npm pack` left (bundled-schemas.ts) would
    // shadow the workspace link for this package's build and run.
    rmSync(join(root, folder, 'node_modules', 'site-articles-schemas'), { recursive: true, force: true });
    execFileSync(process.execPath, [tsc, '-p', join(root, folder, 'tsconfig.build.json')], { stdio: 'inherit' });
    console.log(`built ${folder}/dist`);
  }
  writePrecompiledValidators(join(root, 'schemas', 'dist', 'validation'));
}

if (!process.argv.includes('--force') && buildIsCurrent(root)) {
  console.log('build: every package is built from the sources as they are (npm run build -- --force rebuilds)');
} else {
  forgetBuild(root);
  build();
  stampBuild(root);
}
