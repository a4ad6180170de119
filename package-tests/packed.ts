/**
 * The workspace's three packages as a user gets them: packed once (each package's `prepack`
 * builds it and stages the schemas package it bundles), then installed into empty projects, one
 * per audience, from the npm cache the project's own install filled.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packReports } from '../scripts/npm-pack-report';
import { run } from './child-processes';

export const packageFolders = { schemas: 'schemas', mock: 'mock', contract: 'contract-tests' } as const;
export type PackageName = keyof typeof packageFolders;

export interface Packed {
  /** The tarball's path. */
  tarball: string;
  /** The paths inside it, as `npm pack` reports them. */
  files: string[];
  /** The packages it carries inside it (`bundleDependencies`). */
  bundled: string[];
}

const reportNames: Record<string, PackageName> = {
  'site-articles-schemas': 'schemas',
  'site-articles-mock': 'mock',
  'site-articles-contract': 'contract',
};

/** `npm pack` of every workspace into `destination`. */
export async function packAll(root: string, destination: string): Promise<Record<PackageName, Packed>> {
  const workspaces = Object.values(packageFolders).flatMap((folder) => ['-w', folder]);
  const packed = await run('npm', ['pack', ...workspaces, '--json', '--pack-destination', destination], root);
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.output}`);
  const entries = packReports(packed.output).map((report) => [
    reportNames[report.name],
    {
      tarball: join(destination, report.filename),
      files: report.files.map((file) => file.path),
      bundled: report.bundled,
    },
  ]);
  return Object.fromEntries(entries) as Record<PackageName, Packed>;
}

/**
 * An empty ES-module project in `folder` with `packages` installed (tarballs or registry names);
 * `manifest` adds to its package.json (devDependencies for `npm ci`, ...); `env` is set for npm
 * (a PATH whose first `node` is the release it installs for).
 */
export async function projectWith(
  folder: string,
  packages: string[],
  manifest: object = {},
  env: NodeJS.ProcessEnv = {},
): Promise<void> {
  mkdirSync(folder, { recursive: true });
  // swagger-ui-dist brings Scarf's install-time analytics; a consumer's setting turns them off (docs/packages.md).
  const base = { name: 'consumer', private: true, type: 'module', scarfSettings: { enabled: false } };
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify({ ...base, ...manifest })}\n`);
  const args = ['install', '--prefer-offline', '--no-audit', '--no-fund', ...packages];
  const installed = await run('npm', args, folder, { env });
  if (installed.code !== 0) throw new Error(`npm install ${packages.join(' ')} failed:\n${installed.output}`);
}

/** Every package name installed anywhere in a project, nested ones included. */
export function installedPackages(folder: string): string[] {
  const modules = join(folder, 'node_modules');
  if (!existsSync(modules)) return [];
  return readdirSync(modules, { withFileTypes: true })
    .filter((entry) => (entry.isDirectory() || entry.isSymbolicLink()) && !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const names = entry.name.startsWith('@')
        ? readdirSync(join(modules, entry.name)).map((inner) => `${entry.name}/${inner}`)
        : [entry.name];
      return names.flatMap((name) => [name, ...installedPackages(join(modules, name))]);
    });
}
