/**
 * `npm run contract` end to end: the CLI in a child process against a mock this test serves on a
 * free port, as it would run against a real deployment.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { brokenVariants, sequenceVariants } from '../../proof/variants';
import type { RunningTarget } from '../in-process';
import { projectRoot } from '../../test-support/cli-process';
import { tempFolders } from '../../test-support/temp-files';
import {
  closeMocks,
  dataOf,
  interruptOnceItPrints,
  serveMock,
  startContractCli,
} from '../../test-support/contract-cli';

const root = projectRoot;
// Each test starts node and tsx: slow under a loaded CI machine.

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  await new Promise((closed) => server.close(closed));
  return typeof address === 'object' && address ? address.port : 0;
}

afterAll(async () => {
  await closeMocks();
});
// Removed after the hook above has closed the targets.
const scratch = tempFolders('contract-cli')();

test.concurrent(
  'stops with one sentence and exit 2 when the target has no article of that id, before any check runs',
  async () => {
    const target = await serveMock();
    try {
      const { code, stdout, stderr } = await startContractCli(['--base-url', target.baseUrl, '--article-id', '1,404'])
        .finished;
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          /^contract: article 404 cannot be read: GET .*\/admin\/api\/articles\/404 answered 404, not 200; name articles the target has with --article-id$/,
        ),
      ]);
      expect(target.mock.journal().map((entry) => entry.method)).toEqual(['GET', 'GET']);
    } finally {
      await target.close();
    }
  },
  60_000,
);

test.concurrent(
  'reports an unreachable target in one message and exits with 2',
  async () => {
    const { finished } = startContractCli(['--base-url', `http://127.0.0.1:${await freePort()}`, '--article-id', '1']);
    const { code, stdout, stderr } = await finished;
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^contract: cannot reach the target at http:\/\/127\.0\.0\.1:[0-9]+ .*ECONNREFUSED/),
    ]);
  },
  60_000,
);

test.concurrent(
  'prints the usage with -h and the package version with --version, sending nothing',
  async () => {
    const help = await startContractCli(['-h']).finished;
    expect([help.code, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toMatch(/^Usage: .* \[options\]\n[\s\S]*--version/);
    const version = await startContractCli(['--version']).finished;
    const manifest = JSON.parse(readFileSync(join(root, 'contract-tests', 'package.json'), 'utf8')) as {
      version: string;
    };
    expect([version.code, version.stdout, version.stderr]).toEqual([0, `${manifest.version}\n`, '']);
  },
  60_000,
);

test.concurrent(
  'refuses a report file whose folder cannot be made, with exit 2, before sending anything',
  async () => {
    const target = await serveMock();
    const inTheWay = join(scratch, 'a-file-not-a-folder');
    writeFileSync(inTheWay, '');
    const unmakeable = join(inTheWay, 'report.html');
    const { code, stdout, stderr } = await startContractCli([
      '--base-url',
      target.baseUrl,
      '--article-id',
      '1',
      '--html',
      unmakeable,
    ]).finished;
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`--html ${unmakeable}: the folder ${inTheWay} cannot be made or written`);
    expect(target.mock.journal()).toEqual([]);
  },
  60_000,
);

test.concurrent(
  'makes a report file’s missing folders, as the CI recipe needs on a fresh checkout',
  async () => {
    const target = await serveMock();
    const junit = join(scratch, 'fresh-checkout', 'reports', 'contract.xml');
    const { code } = await startContractCli([
      '--base-url',
      target.baseUrl,
      '--article-id',
      '1',
      '--read-only',
      '--junit',
      junit,
    ]).finished;
    expect(code).toBe(0);
    expect(readFileSync(junit, 'utf8')).toContain('<testsuites');
  },
  60_000,
);

test.concurrent(
  'passes against a conforming target, sends the token, restores the data and writes JUnit XML',
  async () => {
    const target = await serveMock({ token: 'cli-test-token' });
    const before = dataOf(target, 1);
    const junit = join(scratch, 'pass.xml');
    const { code, stdout } = await startContractCli([
      '--base-url',
      target.baseUrl,
      '--article-id',
      '1',
      '--token',
      'cli-test-token',
      '--junit',
      junit,
    ]).finished;
    expect(stdout).toContain('cannot be undone');
    expect(stdout).toMatch(/[0-9]+ checks: [0-9]+ passed, 0 failed/);
    expect(stdout).toContain('contract: article 1: data restored');
    expect(code).toBe(0);
    expect(dataOf(target, 1)).toEqual(before);
    expect(readFileSync(junit, 'utf8')).toMatch(/<testsuites name="contract suite" tests="[0-9]+" failures="0"/);
  },
  60_000,
);

test.concurrent(
  'fails against a broken target, showing expected, actual and a curl command per failure',
  async () => {
    const target = await serveMock({
      rules: brokenVariants['delete-keeps-key']?.rules ?? {},
      validateResponses: false,
    });
    const junit = join(scratch, 'fail.xml');
    const html = join(scratch, 'fail.html');
    const { code, stdout } = await startContractCli([
      '--base-url',
      target.baseUrl,
      '--article-id',
      '1',
      '--junit',
      junit,
      '--html',
      html,
    ]).finished;
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /Failures[\s\S]*4\.4 Remove one data key > removes the key[\s\S]*expected: [\s\S]*actual: [\s\S]*curl -sS -i -X DELETE/,
    );
    expect(stdout).toMatch(/4\.4 Remove one data key +✗/);
    expect(readFileSync(junit, 'utf8')).toMatch(
      /<testcase classname="4\.4 Remove one data key" name="removes the key[^"]*"[^>]*>\s*<failure /,
    );
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<h1>Contract run failed</h1>');
    expect(page).toMatch(
      /<section class="failure"[\s\S]*check <code>delete-key-gone<\/code>[\s\S]*curl -sS -i -X DELETE/,
    );
  },
  60_000,
);

test.concurrent(
  'restores the data when interrupted midway and exits with 130',
  async () => {
    const target = await serveMock({ faults: { delayMs: 20 } });
    const before = dataOf(target, 1);
    const run = startContractCli(['--base-url', target.baseUrl, '--article-id', '1']);
    await interruptOnceItPrints(run, '4.3 Set or add one data key');
    const { code, stderr, stdout } = await run.finished;
    expect(stderr).toContain('SIGINT: stopping the checks');
    expect(stdout).toContain('contract: article 1: data restored');
    expect(code).toBe(130);
    expect(dataOf(target, 1)).toEqual(before);
  },
  60_000,
);

test.concurrent(
  'cuts off the check under way when interrupted, never waiting for its slow requests, and restores',
  async () => {
    // Every comment list answers only after a minute: the check reading one hangs until cut off.
    const target = await serveMock({ faults: { operations: { listComments: { delayMs: 60_000 } } } });
    const before = dataOf(target, 1);
    const run = startContractCli(['--base-url', target.baseUrl, '--article-id', '1']);
    await interruptOnceItPrints(run, '2.1 Article');
    const { code, stdout } = await run.finished;
    expect(code).toBe(130);
    expect(stdout).toContain('contract: article 1: data unchanged');
    expect(stdout).not.toContain('✗');
    expect(dataOf(target, 1)).toEqual(before);
  },
  // Under the 20 s a request may take before it times out: the run ends in time only when the
  // interrupt cuts the request off.
  15_000,
);

test.concurrent(
  'waits for a write under way when interrupted, so the restore removes what it left',
  async () => {
    // Key writes take a second and a half: the interrupt comes while one is on its way.
    const target = await serveMock({ faults: { operations: { setDataKey: { delayMs: 1_500 } } } });
    const before = dataOf(target, 1);
    const run = startContractCli(['--base-url', target.baseUrl, '--article-id', '1']);
    await interruptOnceItPrints(run, '4.3 Set or add one data key', 300);
    const { code } = await run.finished;
    expect(code).toBe(130);
    // Nothing lands after the restore: the data is as found, now and a moment later.
    expect(dataOf(target, 1)).toEqual(before);
    await new Promise((tick) => setTimeout(tick, 2_000));
    expect(dataOf(target, 1)).toEqual(before);
  },
  90_000,
);

test.concurrent(
  'with --explore, prints the seed, fails a sequence variant with a shrunk numbered curl list, and replays it with --seed',
  async () => {
    const rules = sequenceVariants['set-key-ignores-third-write']?.rules ?? {};
    const args = (target: RunningTarget): string[] => [
      '--base-url',
      target.baseUrl,
      '--article-id',
      '1',
      '--explore',
      '60',
      '--seed',
      '20261123',
      '--no-comments',
    ];
    const first = await serveMock({ rules, validateResponses: false });
    const before = dataOf(first, 1);
    const junit = join(scratch, 'explore.xml');
    const html = join(scratch, 'explore.html');
    const steps = (stdout: string): string | undefined => /steps:\n( {2}[0-9]+\. .*\n)+/.exec(stdout)?.[0];
    const run = await startContractCli([...args(first), '--junit', junit, '--html', html]).finished;
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('seed 20261123 (replay with --seed 20261123)');
    // Shrunk to the third write of one key, one at a time or at once, as numbered operations.
    const shrunk = steps(run.stdout) ?? '';
    expect(shrunk).toMatch(/^steps:\n {2}1\. /);
    expect(shrunk.match(/set a to /g)).toHaveLength(3);
    expect(readFileSync(junit, 'utf8')).toMatch(
      /<testsuites name="contract suite" tests="1" failures="1"[\s\S]*<failure /,
    );
    expect(readFileSync(html, 'utf8')).toMatch(/<ol class="steps"><li><code>(at once: )?set a to [\s\S]*<\/ol>/);
    expect(run.stdout).toMatch(/reproduce, in order:\n {2}1\. curl -sS -i -X GET[\s\S]* {2}2\. curl -sS -i -X PUT/);
    expect(run.stdout).toContain('contract: article 1: data restored');
    expect(dataOf(first, 1)).toEqual(before);
    expect(first.mock.journal().filter((entry) => entry.method === 'POST')).toEqual([]);
    const replay = await startContractCli(args(await serveMock({ rules, validateResponses: false }))).finished;
    expect(steps(replay.stdout)).toBe(steps(run.stdout));
  },
  // Two CLI runs of 60 sequences each; generous, since CI's two cores also run other test files.
  180_000,
);
