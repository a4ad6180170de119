/**
 * `npm run contract` when the way to the target loses requests mid-run (their connections closed
 * before any answer): the run fails with exit 1 naming the request that got no answer, never
 * crashes, and its restore names each key it could not put right, as the target holds it.
 */
import type { IncomingMessage } from 'node:http';
import { closeMocks, dataOf, serveMock, startContractCli } from '../../test-support/contract-cli';
import { closeHostileTargets, droppingRelay } from '../../test-support/hostile-targets';

afterAll(async () => {
  await closeMocks();
  await closeHostileTargets();
});

test.concurrent(
  '--explore whose removals and full updates lose their connection fails naming the request that got no answer, and lists every key left',
  async () => {
    const target = await serveMock();
    // Removals, and the full updates a restore falls back to, are lost; key writes and reads come through.
    const lost = (request: IncomingMessage): boolean =>
      request.method === 'DELETE' || (request.method === 'PUT' && !request.url?.includes('/data/'));
    const baseUrl = await droppingRelay(target.baseUrl, lost);
    const args = ['--base-url', baseUrl, '--article-id', '1', '--explore', '10', '--seed', '5', '--no-comments'];
    const { code, stdout, stderr } = await startContractCli(args).finished;
    expect([code, stderr]).toEqual([1, '']);
    expect(stdout).toMatch(/\ncontract: FAILED\narticle 1: sequence \d+ of \d+ step\(s\) breaks the interface/);
    expect(stdout).toMatch(/\n(DELETE|PUT) \S+ got no answer: /);
    expect(stdout).not.toMatch(/reproduce, in order:\n\n/);
    const left = Object.keys(dataOf(target, 1) as object).filter((key) => key.startsWith('contract_'));
    expect(left.length).toBeGreaterThan(0);
    const listed = [...stdout.matchAll(/\n {2}still different: (contract_\S+): /g)].map((match) => match[1]);
    expect(listed.sort()).toEqual(left.sort());
    expect(stdout).toMatch(
      /\ncontract: article 1: data NOT restored\n {2}a repair got no answer: DELETE \S+ got no answer: /,
    );
  },
  60_000,
);
