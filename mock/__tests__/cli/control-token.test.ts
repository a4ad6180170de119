/**
 * Beyond loopback, through the real CLI: `--host 0.0.0.0` without `--control-token` prints a
 * generated control token, and the control API answers 401 without it and serves with it.
 */
import { killRunningClis, serving, startCli, type Cli } from '../../../test-support/cli-process';

jest.setTimeout(30_000);

afterEach(killRunningClis);

/** The token printed once the mock listens (its line may reach this process after the serving line). */
async function printedToken(cli: Cli): Promise<string | undefined> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const token = /need this control token: (\S+)/.exec(cli.stdout())?.[1];
    if (token !== undefined) return token;
    await new Promise((done) => setTimeout(done, 50));
  }
  return undefined;
}

describe('npm start -- --host 0.0.0.0', () => {
  it('prints a generated control token that the control API then requires', async () => {
    const cli = startCli(['--host', '0.0.0.0', '--port', '0', '--quiet']);
    const port = new URL(await serving(cli)).port;
    const token = await printedToken(cli);
    expect(token).toMatch(/^[\w-]{20,}$/);
    const state = `http://127.0.0.1:${port}/__mock/state`;

    const without = await fetch(state);
    expect(without.status).toBe(401);
    expect(await without.json()).toEqual({ message: expect.stringContaining('control token') as unknown });

    const wrong = await fetch(state, { headers: { 'X-Mock-Control-Token': `${token ?? ''}x` } });
    expect(wrong.status).toBe(401);

    const withToken = await fetch(state, { headers: { 'X-Mock-Control-Token': token ?? '' } });
    expect(withToken.status).toBe(200);
    expect(await withToken.json()).toHaveProperty('articles');
  });

  it('generates a different token at each start', async () => {
    const tokens = await Promise.all(
      [1, 2].map(async () => {
        const cli = startCli(['--host', '0.0.0.0', '--port', '0', '--quiet']);
        await serving(cli);
        return printedToken(cli);
      }),
    );
    expect(tokens[0]).toBeDefined();
    expect(tokens[0]).not.toBe(tokens[1]);
  });
});
