/**
 * `npm run test:msw3`: the MSW handlers' own tests (msw-node, unhandled and the contract suite through
 * the handlers) against MSW 3, on the Node.js release MSW 3 needs, installed from the registry into a
 * temporary folder (package-tests/node-release.ts). `npm test` runs the same tests against MSW 2.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installNode, newerNode } from '../package-tests/node-release';

const root = join(__dirname, '..');

async function main(): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'site-articles-msw3-'));
  try {
    const node = await installNode(newerNode, folder);
    const jest = require.resolve('jest/bin/jest');
    const env = { ...process.env, NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning' };
    const args = [jest, '--config', join(root, 'jest.msw3.config.js'), ...process.argv.slice(2)];
    return spawnSync(node, args, { cwd: root, env, stdio: 'inherit' }).status ?? 1;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

void main().then((code) => process.exit(code));
