/**
 * What `npm run contract` says as it runs (issue 29, item 12): a progress line every few seconds in
 * front of a slow target or through a long --explore, and, before --explore posts, the most
 * comments it may post.
 */
import { closeMocks, interruptOnceItPrints, serveMock, startContractCli } from '../../test-support/contract-cli';

afterAll(closeMocks);

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
