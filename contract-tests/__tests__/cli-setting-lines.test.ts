/**
 * `npm run contract` in front of targets whose settings are wrong in ways that once read as the
 * target failing, or as silence: a token the target does not take for writes, https:// to a
 * plain-HTTP server that resets the TLS hello, and start-up reads a target never answers. Each gets
 * one line naming the cause and what to do (exit 2), or a progress line while it waits.
 */
import { closeMocks, dataOf, serveMock, startContractCli } from '../../test-support/contract-cli';
import { closeHostileTargets, resetsTlsTarget, silentTarget } from '../../test-support/hostile-targets';

afterAll(async () => {
  await closeMocks();
  await closeHostileTargets();
});

test.concurrent(
  'prints a progress line naming the read waited on while a silent target holds the start-up reads',
  async () => {
    const run = startContractCli(['--base-url', await silentTarget(), '--article-id', '1', '--timeout', '12']);
    const { code, stdout, stderr } = await run.finished;
    // The first line comes after 5 s of silence; the read, sent a moment later, is named once it has waited 5 s.
    expect(stdout).toMatch(/^contract: reading article\(s\) 1 before the run, [5-7] s(;|\n)/);
    expect(stdout).toMatch(
      /\ncontract: reading article\(s\) 1 before the run, [0-9]+ s; waiting on GET http:\/\/127\.0\.0\.1:[0-9]+\/admin\/api\/articles\/1 for [0-9]+ s\n$/,
    );
    expect(stderr).toMatch(/^contract: GET \S+\/articles\/1: no answer within 12 s \(--timeout\)/);
    expect(code).toBe(2);
  },
  60_000,
);

test.concurrent(
  'says in one line that the target does not speak TLS when https:// names a plain-HTTP server that resets the TLS hello',
  async () => {
    const plain = await resetsTlsTarget((_request, response) => response.end('{}'));
    const run = startContractCli(['--base-url', plain.replace('http:', 'https:'), '--article-id', '1']);
    const { code, stdout, stderr } = await run.finished;
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^contract: the target does not speak TLS: GET https:\/\/127\.0\.0\.1:[0-9]+\/admin\/api\/articles\/1 had its TLS hello reset \(ECONNRESET\), and plain HTTP answers at that address; use http:\/\/ in --base-url$/,
      ),
    ]);
    expect([code, stdout]).toEqual([2, '']);
  },
  60_000,
);

test.concurrent(
  'still says it cannot reach a target that resets the TLS hello and speaks no plain HTTP either',
  async () => {
    const closing = await resetsTlsTarget((request) => request.socket.resetAndDestroy());
    const run = startContractCli(['--base-url', closing.replace('http:', 'https:'), '--article-id', '1']);
    const { code, stderr } = await run.finished;
    expect(stderr).toMatch(/^contract: cannot reach the target at https:\/\/127\.0\.0\.1:[0-9]+ \(GET .*ECONNRESET\)/);
    expect(code).toBe(2);
  },
  60_000,
);

test.concurrent(
  'stops at the first write answered 401 to the token given, in one line and exit 2, not a failure per check',
  async () => {
    const target = await serveMock({ token: 'the-deployment-token' });
    const before = dataOf(target, 1);
    const run = startContractCli(['--base-url', target.baseUrl, '--article-id', '1', '--token', 'a-rotated-token']);
    const { code, stdout, stderr } = await run.finished;
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^contract: writes answered 401 to the token given \((PUT|DELETE|POST) http:\/\/127\.0\.0\.1:[0-9]+\/admin\/api\/\S+\): check --token or CONTRACT_API_TOKEN$/,
      ),
    ]);
    expect(code).toBe(2);
    expect(stdout).not.toMatch(/✗|Failures|checks: /);
    expect(stdout).not.toContain('a-rotated-token');
    expect(dataOf(target, 1)).toEqual(before);
  },
  60_000,
);
