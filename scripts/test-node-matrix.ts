/**
 * `npm run test:node-matrix`: the MSW handlers' own tests (msw-node, unhandled, and the contract
 * suite through the handlers; jest.msw.config.js) on each Node.js major a user may run, each with
 * the MSW major npm installs there (package-tests/node-release.ts, `nodeReleases`): MSW 2 on Node 20,
 * MSW 3 on 22, 24 and 26. The releases other than the running one come from the npm registry, kept
 * for later runs (`nodeBinary`); MSW 3 is installed with `npm ci`
 * from package-tests/msw3 (its pinned version and lockfile) into the same temporary folder, since a
 * devDependency that needs Node 22.12 would warn on every `npm ci` of this Node 20 project.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../package-tests/child-processes';
import { nodeBinary, nodeReleases } from '../package-tests/node-release';

const root = join(__dirname, '..');

const newFolder = (path: string): string => {
  mkdirSync(path, { recursive: true });
  return path;
};

/** MSW 3 as package-tests/msw3 pins it, installed into `folder`: the node_modules folder holding it. */
async function installMsw3(folder: string): Promise<string> {
  for (const file of ['package.json', 'package-lock.json'])
    copyFileSync(join(root, 'package-tests', 'msw3', file), join(folder, file));
  const installed = await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], folder);
  if (installed.code !== 0) throw new Error(`npm ci of MSW 3 failed:\n${installed.output}`);
  return join(folder, 'node_modules');
}

/** Runs the handlers' tests on `node` against the MSW in `mswModules` (the project's own when undefined). */
function handlerTests(node: string, mswModules: string | undefined, args: string[]): boolean {
  const env = {
    ...process.env,
    NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning',
    ...(mswModules ? { MSW_MODULES: mswModules } : {}),
  };
  const jest = require.resolve('jest/bin/jest');
  const config = join(root, 'jest.msw.config.js');
  return spawnSync(node, [jest, '--config', config, ...args], { cwd: root, env, stdio: 'inherit' }).status === 0;
}

async function main(): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'site-articles-node-matrix-'));
  try {
    const [msw3, ...nodes] = await Promise.all([
      installMsw3(newFolder(join(folder, 'msw3'))),
      ...nodeReleases.map((leg) => nodeBinary(leg.node)),
    ]);
    const failed = nodeReleases.filter((leg, index) => {
      process.stdout.write(`\nnode-matrix: Node ${String(leg.node)} with MSW ${String(leg.msw)}\n`);
      return !handlerTests(nodes[index] ?? '', leg.msw === 3 ? msw3 : undefined, process.argv.slice(2));
    });
    const named = failed.map((leg) => `Node ${String(leg.node)} with MSW ${String(leg.msw)}`);
    process.stdout.write(
      `\nnode-matrix: ${named.length === 0 ? 'every leg passed' : `failed on ${named.join(', ')}`}\n`,
    );
    return failed.length === 0 ? 0 : 1;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

void main().then((code) => process.exit(code));
