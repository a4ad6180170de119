/**
 * `npm run contract` in front of targets that are misconfigured, hostile or slow: each setting
 * problem stops the run with one line on stderr that names
 * the cause and what to do, restores what the run changed, and exits 2, not as a failed check.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { closeMocks, dataOf, serveMock, startContractCli } from '../../test-support/contract-cli';
import { closeHostileTargets, endlessBodyTarget, httpTarget, silentTarget } from '../../test-support/hostile-targets';

afterAll(async () => {
  await closeMocks();
  await closeHostileTargets();
});

test.concurrent(
  'stops at an answer that never ends with one line naming the size cap and exit 2, having read only up to it',
  async () => {
    const target = await endlessBodyTarget();
    const run = startContractCli(['--base-url', target.baseUrl, '--article-id', '1', '--max-body', '2MB']);
    const { code, stdout, stderr } = await run.finished;
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^contract: GET http:\/\/127\.0\.0\.1:[0-9]+\/admin\/api\/articles\/1 answered more than 2 MB \(--max-body\), so reading stopped there; raise --max-body/,
      ),
    ]);
    expect([code, stdout]).toEqual([2, '']);
    await target.closed;
  },
  60_000,
);

/**
 * The process's peak resident memory as Linux counts it (VmHWM), read until it exits: the mark
 * only rises, so the last reading is the peak up to a few milliseconds before the end.
 */
function peakMemory(pid: number | undefined): () => number {
  let peak = 0;
  const read = (): void => {
    try {
      const kilobytes = /VmHWM:\s+([0-9]+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'))?.[1];
      peak = Math.max(peak, Number(kilobytes ?? 0) * 1024);
    } catch {
      clearInterval(timer);
    }
  };
  const timer = setInterval(read, 20);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

test.concurrent(
  'reads at most 16 MB of an answer by default, staying under 300 MB however much the target sends',
  async () => {
    const target = await endlessBodyTarget();
    const run = startContractCli(['--base-url', target.baseUrl, '--article-id', '1']);
    const peak = peakMemory(run.child.pid);
    const { code, stderr } = await run.finished;
    expect(stderr).toMatch(/^contract: GET \S+ answered more than 16 MB \(--max-body\)/);
    expect(code).toBe(2);
    expect(peak()).toBeGreaterThan(0);
    expect(peak()).toBeLessThan(300 * 2 ** 20);
  },
  60_000,
);

test.concurrent(
  'says no answer came within --timeout, not that the target cannot be reached, when it takes the request and stays silent',
  async () => {
    const run = startContractCli(['--base-url', await silentTarget(), '--article-id', '1', '--timeout', '1']);
    const { code, stdout, stderr } = await run.finished;
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^contract: GET http:\/\/127\.0\.0\.1:[0-9]+\/admin\/api\/articles\/1: no answer within 1 s \(--timeout\); give a slow target longer with --timeout <s>$/,
      ),
    ]);
    expect([code, stdout]).toEqual([2, '']);
  },
  60_000,
);

test.concurrent(
  'says in one line that the target does not speak TLS when https:// names a plain-HTTP server',
  async () => {
    const plain = await httpTarget((_request, response) => response.end('{}'));
    const run = startContractCli(['--base-url', plain.replace('http:', 'https:'), '--article-id', '1']);
    const { code, stdout, stderr } = await run.finished;
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^contract: the target does not speak TLS: GET https:\/\/127\.0\.0\.1:[0-9]+\/admin\/api\/articles\/1 got plain HTTP back \(ERR_SSL_WRONG_VERSION_NUMBER\); use http:\/\/ in --base-url$/,
      ),
    ]);
    expect([code, stdout]).toEqual([2, '']);
  },
  60_000,
);

test.concurrent(
  'stops midway at the first request left unanswered past --timeout, restores the data and exits 2',
  async () => {
    // Posts hang past the run's end; everything the checks wrote before the first post is theirs to
    // remove, or the restore's. The timeout leaves the other answers of a machine under heavy load
    // (several seconds each) time to spare, so the post is the one request it cuts off.
    const target = await serveMock({ faults: { operations: { postComment: { delayMs: 60_000 } } } });
    const before = dataOf(target, 1);
    const run = startContractCli(['--base-url', target.baseUrl, '--article-id', '1', '--timeout', '12']);
    const { code, stdout, stderr } = await run.finished;
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^contract: POST .*\/comments(\.json)?: no answer within 12 s \(--timeout\)/),
    ]);
    expect(stdout).toMatch(/contract: article 1: data (restored|unchanged)\n$/);
    expect(stdout).not.toContain('By interface section');
    expect(code).toBe(2);
    expect(dataOf(target, 1)).toEqual(before);
  },
  90_000,
);

test.concurrent(
  'stops at the first write answered 401 when no token was given, in one line and exit 2, having changed nothing',
  async () => {
    const target = await serveMock({ token: 'the-deployment-token' });
    const before = dataOf(target, 1);
    const run = startContractCli(['--base-url', target.baseUrl, '--article-id', '1']);
    const { code, stdout, stderr } = await run.finished;
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^contract: writes answered 401 and no token was given \((PUT|DELETE|POST) http:\/\/127\.0\.0\.1:[0-9]+\/admin\/api\/\S+\): give --token or CONTRACT_API_TOKEN, or use --read-only$/,
      ),
    ]);
    expect(code).toBe(2);
    expect(stdout).not.toMatch(/✗|refused this key name|Failures/);
    expect(stdout).toMatch(/contract: article 1: data unchanged\n$/);
    expect(target.mock.journal().filter((entry) => entry.status === 401)).toHaveLength(1);
    expect(dataOf(target, 1)).toEqual(before);
  },
  60_000,
);

test.concurrent(
  'stops --explore too at the first write answered 401, on the first of two articles, and restores both',
  async () => {
    const target = await serveMock({ token: 'the-deployment-token' });
    const before = [dataOf(target, 1), dataOf(target, 2)];
    const run = startContractCli([
      '--base-url',
      target.baseUrl,
      '--article-id',
      '1,2',
      '--explore',
      '20',
      '--seed',
      '5',
    ]);
    const { code, stdout, stderr } = await run.finished;
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^contract: writes answered 401 and no token was given \((PUT|DELETE|POST) \S+\): give --token/,
      ),
    ]);
    expect(stdout).not.toMatch(/FAILED|sequence\(s\) passed/);
    expect(stdout).toMatch(/contract: article 1: data unchanged\ncontract: article 2: data unchanged\n$/);
    expect(code).toBe(2);
    expect([dataOf(target, 1), dataOf(target, 2)]).toEqual(before);
  },
  60_000,
);

test.concurrent(
  'says reads want a token, not that the article is missing, when the first read is answered 401',
  async () => {
    const baseUrl = await httpTarget((_request, response) => {
      response.writeHead(401, { 'Content-Type': 'application/json' });
      response.end('{"message": "Unauthorized."}');
    });
    const { code, stdout, stderr } = await startContractCli(['--base-url', baseUrl, '--article-id', '1']).finished;
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^contract: GET http:\/\/127\.0\.0\.1:[0-9]+\/admin\/api\/articles\/1 answered 401 and no token was given: give --token or CONTRACT_API_TOKEN$/,
      ),
    ]);
    expect([code, stdout]).toEqual([2, '']);
  },
  60_000,
);

test.concurrent(
  'says every address answered 404 and to check --base-url when the base address misses the API',
  async () => {
    const target = await serveMock();
    const run = startContractCli(['--base-url', `${target.baseUrl}/v1`, '--article-id', '1,2']);
    const { code, stdout, stderr } = await run.finished;
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^contract: every address answered 404 \(GET http:\/\/127\.0\.0\.1:[0-9]+\/v1\/admin\/api\/articles\/1, GET .*\/v1\/admin\/api\/articles\/2\): check --base-url, .* and that --article-id names articles the target has$/,
      ),
    ]);
    expect([code, stdout]).toEqual([2, '']);
  },
  60_000,
);

/** Serves a web page at every address, as a site's front end with a catch-all route does. */
const webPage = (_request: unknown, response: ServerResponse): void => {
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end('<!doctype html><html><body><div id="app"></div></body></html>');
};

test.concurrent(
  'stops in one line, not a failure per check, when the target answers HTML at every address',
  async () => {
    const { code, stdout, stderr } = await startContractCli([
      '--base-url',
      await httpTarget(webPage),
      '--article-id',
      '1',
    ]).finished;
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^contract: every address answered HTML, not JSON \(GET .*\/admin\/api\/articles\/1, GET .*\/comments(\.json)?, GET .*\/admin\/api\/contract-no-such-address\): --base-url names a web site, not the admin API; check --base-url$/,
      ),
    ]);
    expect([code, stdout]).toEqual([2, '']);
  },
  60_000,
);

test.concurrent(
  'runs the checks, and fails them, when the article alone answers HTML',
  async () => {
    const baseUrl = await httpTarget((request, response) => {
      if (request.url === '/admin/api/articles/1') webPage(request, response);
      else response.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
    });
    const { code, stdout, stderr } = await startContractCli(['--base-url', baseUrl, '--article-id', '1', '--read-only'])
      .finished;
    expect(stdout).toMatch(/4\.1 Read one article\n {2}✗ /);
    expect([code, stderr]).toEqual([1, '']);
  },
  60_000,
);
