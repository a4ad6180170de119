/**
 * Issue 14, beyond loopback, through the real CLI: `--host 0.0.0.0` without `--control-token`
 * prints a generated control token, and the control API answers 401 without it and serves with it.
 */
import { killRunningClis, serving, startCli } from '../../../test-support/cli-process';

jest.setTimeout(30_000);

afterEach(killRunningClis);

describe('npm start -- --host 0.0.0.0', () => {
  it('prints a generated control token that the control API then requires', async () => {
    const cli = startCli(['--host', '0.0.0.0', '--port', '0', '--quiet']);
    const port = new URL(await serving(cli)).port;
    const token = /need this control token: (\S+)/.exec(cli.stdout())?.[1];
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
        return /need this control token: (\S+)/.exec(cli.stdout())?.[1];
      }),
    );
    expect(tokens[0]).toBeDefined();
    expect(tokens[0]).not.toBe(tokens[1]);
  });
});
