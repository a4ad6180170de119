/**
 * What `npm run contract` says as it runs: a progress line every few
 * seconds in front of a slow target or through a long --explore; before --explore posts, the most
 * comments it may post; colour on a terminal only; no note that claims a check the run did not make.
 */
import { closeMocks, interruptOnceItPrints, serveMock, startContractCli } from '../../test-support/contract-cli';

afterAll(closeMocks);

test.concurrent(
  'prints how far the checks are and the request waited on, every few seconds, in front of a slow target',
  async () => {
    const target = await serveMock({ faults: { operations: { listComments: { delayMs: 10_000 } } } });
    const run = startContractCli(['--base-url', target.baseUrl, '--article-id', '1', '--read-only']);
    // The delayed list, not another request a busy machine kept waiting as long.
    await interruptOnceItPrints(run, /waiting on GET \S+\/comments/);
    const { stdout } = await run.finished;
    expect(stdout).toMatch(
      /\ncontract: checks [0-9]\/9, [0-9]+ s; waiting on GET http:\/\/127\.0\.0\.1:[0-9]+\/admin\/api\/\S+\/comments(\.json)? for ([5-9]|[1-9][0-9]) s\n/,
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
      'contract: NOTE: the sequences post at most 12 comment(s) in all, on article(s) 1; the interface cannot delete them (use --no-comments or --read-only to post none)',
    );
    expect(comments() - before).toBeLessThanOrEqual(12);
    expect(code).toBe(0);
  },
  60_000,
);

test.concurrent(
  'never says, in a read-only run, that a posted comment covers a shape it did not check',
  async () => {
    // Article 3 of the sample site has no comments, and a read-only run posts none.
    const target = await serveMock();
    const run = startContractCli(['--base-url', target.baseUrl, '--article-id', '3', '--read-only']);
    const { code, stdout } = await run.finished;
    expect(stdout).toContain(
      'comment-shape on article 3: the article has no comments yet, so no listed comment has a shape to check; a run without --read-only posts one and checks its shape',
    );
    expect(stdout).not.toContain('covers the shape');
    expect(code).toBe(0);
  },
  60_000,
);

test.concurrent(
  'colours the report on a terminal and with FORCE_COLOR, and not with NO_COLOR nor when its output is piped',
  async () => {
    const target = await serveMock();
    const args = ['--base-url', target.baseUrl, '--article-id', '1', '--read-only'];
    const [terminal, noColour, piped, forced] = await Promise.all([
      startContractCli(args, {}, { terminal: true }).finished,
      startContractCli(args, { NO_COLOR: '1' }, { terminal: true }).finished,
      startContractCli(args, {}).finished,
      startContractCli(args, { FORCE_COLOR: '1' }).finished,
    ]);
    expect(terminal.stdout).toContain('\u001b[32m✓\u001b[39m answers 200');
    expect(terminal.stdout).toContain('\u001b[1m4.1 Read one article\u001b[22m');
    expect(noColour.stdout).toContain('✓ answers 200');
    for (const plain of [noColour, piped]) expect(plain.stdout).not.toContain('\u001b[');
    expect(forced.stdout).toContain('\u001b[32m✓\u001b[39m answers 200');
    expect([terminal.code, noColour.code, piped.code, forced.code]).toEqual([0, 0, 0, 0]);
  },
  60_000,
);

test.concurrent(
  'refuses a bad option in two lines, the second saying where every option is told, with exit code 2',
  async () => {
    const { code, stdout, stderr } = await startContractCli(['--base-url', '127.0.0.1:4010', '--article-id', '1'])
      .finished;
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /^contract: the base URL "127\.0\.0\.1:4010" has no scheme: did you mean http:\/\/127\.0\.0\.1:4010\?\ncontract: `.+ --help` lists every option\n$/,
    );
  },
  60_000,
);
