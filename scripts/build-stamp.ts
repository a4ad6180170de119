/**
 * Whether the packages' builds are those of their sources as they are now: one hash over every
 * file of the three workspaces (but their builds and installs), the build's own scripts and
 * settings, and the compiler's version, kept in `.tmp/build-stamp` after each build. Written by
 * hand: it is a dozen lines, and `tsc -b`'s own record cannot cover the generated JSON Schemas.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** The workspaces, each after the packages it imports. */
export const packagesInBuildOrder = ['schemas', 'mock', 'contract-tests'];

const stampFile = (root: string): string => join(root, '.tmp', 'build-stamp');
const skipped = new Set(['dist', 'node_modules']);
const buildFiles = [
  'scripts/build.ts',
  'scripts/build-stamp.ts',
  'scripts/precompile-validators.ts',
  'tsconfig.base.json',
];

function filesBelow(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => !skipped.has(entry.name))
    .flatMap((entry) => {
      const path = join(folder, entry.name);
      return entry.isDirectory() ? filesBelow(path) : entry.isFile() ? [path] : [];
    })
    .sort();
}

/** The hash of everything a build is made from. */
export function sourcesHash(root: string): string {
  const hash = createHash('sha256');
  const typescript = JSON.parse(readFileSync(require.resolve('typescript/package.json'), 'utf8')) as {
    version: string;
  };
  hash.update(`typescript ${typescript.version}\n`);
  const files = [
    ...packagesInBuildOrder.flatMap((folder) => filesBelow(join(root, folder))),
    ...buildFiles.map((file) => join(root, file)),
  ];
  for (const file of files) hash.update(`${relative(root, file)}\n`).update(readFileSync(file));
  return hash.digest('hex');
}

/** Every package's build is there and was made from the sources as they are. */
export function buildIsCurrent(root: string): boolean {
  if (!packagesInBuildOrder.every((folder) => existsSync(join(root, folder, 'dist')))) return false;
  return existsSync(stampFile(root)) && readFileSync(stampFile(root), 'utf8') === sourcesHash(root);
}

export function stampBuild(root: string): void {
  mkdirSync(dirname(stampFile(root)), { recursive: true });
  writeFileSync(stampFile(root), sourcesHash(root));
}

/** Before a build starts: one cut short must not pass for current. */
export function forgetBuild(root: string): void {
  rmSync(stampFile(root), { force: true });
}
