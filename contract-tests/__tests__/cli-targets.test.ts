/**
 * `npm run contract` in front of targets that are misconfigured, hostile or slow (issue 29, items
 * 7 to 9 and 12; issue 30, item 4): each setting problem stops the run with one line on stderr that
 * names the cause and what to do, restores what the run changed, and exits 2, not as a failed check;
 * a slow target gets a progress line every few seconds.
 */
import type { ServerResponse } from 'node:http';
import {
  closeMocks,
  dataOf,
  interruptOnceItPrints,
  serveMock,
  startContractCli,
} from '../../test-support/contract-cli';
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
    // Posts hang; everything the checks wrote before the first post is theirs to remove, or the restore's.
    const target = await serveMock({ faults: { operations: { postComment: { delayMs: 8_000 } } } });
    const before = dataOf(target, 1);
    const run = startContractCli(['--base-url', target.baseUrl, '--article-id', '1', '--timeout', '2']);
    const { code, stdout, stderr } = await run.finished;
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^contract: POST .*\/comments(\.json)?: no answer within 2 s \(--timeout\)/),
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

test.concurrent(
  'prints how far the checks are and the request waited on, every few seconds, in front of a slow target',
  async () => {
    const target = await serveMock({ faults: { operations: { listComments: { delayMs: 60_000 } } } });
    const run = startContractCli(['--base-url', target.baseUrl, '--article-id', '1', '--read-only']);
    await interruptOnceItPrints(run, 'waiting on');
    const { stdout } = await run.finished;
    expect(stdout).toMatch(
      /\ncontract: checks 1\/9, [0-9]+ s; waiting on GET http:\/\/127\.0\.0\.1:[0-9]+\/admin\/api\/\S+\/comments(\.json)? for [5-9] s\n/,
    );
  },
  60_000,
);

test.concurrent(
  'prints how many random sequences have run, every few seconds, through a long --explore',
  async () => {
    const target = await serveMock({ faults: { delayMs: 700 } });
    const run = startContractCli(['--base-url', target.baseUrl, '--article-id', '1', '--explore', '4', '--read-only']);
    await interruptOnceItPrints(run, 'contract: runs');
    const { stdout } = await run.finished;
    expect(stdout).toMatch(/\ncontract: runs [1-4]\/4, [0-9]+ s(; waiting on GET \S+ for [0-9]+ s)?\n/);
  },
  60_000,
);

test.concurrent(
  'says before it posts the most comments --explore may post, and posts no more',
  async () => {
    const target = await serveMock();
    const comments = (): number => target.mock.state().comments.filter((comment) => comment.article_id === 1).length;
    const before = comments();
    const run = startContractCli(['--base-url', target.baseUrl, '--article-id', '1', '--explore', '12', '--seed', '5']);
    const { code, stdout } = await run.finished;
    expect(stdout.split('\n').slice(0, 3)).toContain(
      'contract: NOTE: the sequences post at most 12 comment(s), one a sequence at the most, on article(s) 1; the interface cannot delete them (use --no-comments or --read-only to post none)',
    );
    expect(comments() - before).toBeLessThanOrEqual(12);
    expect(code).toBe(0);
  },
  60_000,
);
