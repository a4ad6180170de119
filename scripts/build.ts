/**
 * `npm run build`: compiles the three packages in dependency order (each `tsc` resolves the one
 * before through its package name, as an installing project will) and writes the precompiled
 * validators into the schemas package's build. A plain sequence of `tsc -p`, not `tsc -b`: project
 * references would need the generated JSON Schemas listed file by file as the packages' sources.
 *
 *   tsx scripts/build.ts
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { writePrecompiledValidators } from './precompile-validators';

/** The workspaces, each after the packages it imports. */
export const packagesInBuildOrder = ['schemas', 'mock', 'contract-tests'];

const root = join(__dirname, '..');
const tsc = require.resolve('typescript/bin/tsc');

for (const folder of packagesInBuildOrder) {
  rmSync(join(root, folder, 'dist'), { recursive: true, force: true });
  // A copy staged for bundling that an interrupted `npm pack` left (bundled-schemas.ts) would
  // shadow the workspace link for this package's build and run.
  rmSync(join(root, folder, 'node_modules', 'site-articles-schemas'), { recursive: true, force: true });
  execFileSync(process.execPath, [tsc, '-p', join(root, folder, 'tsconfig.build.json')], { stdio: 'inherit' });
  console.log(`built ${folder}/dist`);
}
writePrecompiledValidators(join(root, 'schemas', 'dist', 'validation'));
