/**
 * `npm run variant -- <name>`: the proof's entry point serves a variant through the mock's own
 * command, as a real child process; the mock's command itself knows no variants.
 */
import { killRunningClis, serving, startCli } from '../test-support/cli-process';

jest.setTimeout(60_000);
afterEach(killRunningClis);

const variantServer = (args: string[]): ReturnType<typeof startCli> => startCli(args, {}, 'proof/variant-server.ts');

test('serves the named variant with the mock options that follow its name', async () => {
  const cli = variantServer(['delete-keeps-key', '--port', '0', '--quiet']);
  const base = await serving(cli);
  expect(cli.stdout()).toContain('variant "delete-keeps-key" of the site');
  const key = `${base}/admin/api/articles/1/data/kept`;
  const put = await fetch(key, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"value":1}' });
  expect(put.status).toBe(200);
  expect((await fetch(key, { method: 'DELETE' })).status).toBe(204);
  const article = (await (await fetch(`${base}/admin/api/articles/1`)).json()) as { data: Record<string, unknown> };
  expect(article.data.kept).toBe(1);
});

test('an unknown variant name exits 2 and lists the variants there are', async () => {
  const cli = variantServer(['no-such-variant', '--port', '0']);
  expect(await cli.exit).toBe(2);
  expect(cli.stderr()).toContain('no variant is named "no-such-variant"');
  expect(cli.stderr()).toContain('delete-keeps-key');
});

test('a variant with --proxy is refused, since the proxy serves the deployment', async () => {
  const cli = variantServer(['delete-keeps-key', '--proxy', 'http://127.0.0.1:9', '--port', '0']);
  expect(await cli.exit).toBe(2);
  expect(cli.stderr()).toContain('variant "delete-keeps-key" does not apply with --proxy');
});

test("the mock's own command refuses --variant as an option it does not have", async () => {
  const cli = startCli(['--variant', 'delete-keeps-key', '--port', '0']);
  expect(await cli.exit).toBe(2);
  expect(cli.stderr()).toContain("Unknown option '--variant'");
});
