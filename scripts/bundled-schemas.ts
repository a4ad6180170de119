/**
 * The mock's and the contract command's packages carry the schemas package inside them
 * (`bundleDependencies`), so that each installs alone from its tarball. npm bundles only a real
 * folder in the package's own node_modules, and a workspace install links the schemas package at
 * the root instead; so `prepack` stages a copy of exactly the files `npm pack` ships for the schemas
 * package, and `postpack` removes it. npm runs it in the package's folder:
 *
 *   tsx ../scripts/bundled-schemas.ts stage|remove
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { packReports } from './npm-pack-report';

const schemasFolder = join(__dirname, '..', 'schemas');
const staged = join(process.cwd(), 'node_modules', 'site-articles-schemas');

/** The files `npm pack` puts in the schemas package's tarball, as npm itself lists them. */
function shippedFiles(): string[] {
  const npm = process.env.npm_execpath;
  const [command, args] = npm ? [process.execPath, [npm]] : ['npm', []];
  const output = execFileSync(command, [...args, 'pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: schemasFolder,
    encoding: 'utf8',
  });
  return packReports(output).flatMap((report) => report.files.map((file) => file.path));
}

function stage(): void {
  rmSync(staged, { recursive: true, force: true });
  for (const file of shippedFiles()) {
    mkdirSync(dirname(join(staged, file)), { recursive: true });
    cpSync(join(schemasFolder, file), join(staged, file));
  }
  console.log(`staged site-articles-schemas in ${staged} for bundling`);
}

const action = process.argv[2];
if (action === 'stage') stage();
else if (action === 'remove') rmSync(staged, { recursive: true, force: true });
else {
  console.error('usage: tsx scripts/bundled-schemas.ts stage|remove');
  process.exitCode = 2;
}
