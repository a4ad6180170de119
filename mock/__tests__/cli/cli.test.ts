/**
 * The CLI as a real child process (`node --import tsx mock/cli.ts`): port and host choice, a busy
 * port, clean stops on SIGINT/SIGTERM, a bad fixture file and `--help`. Few tests: each spawns.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killRunningClis, serving, startCli } from '../../../test-support/cli-process';
import { createApp } from '../..';

jest.setTimeout(20_000);

function listen(server: Server, host = '127.0.0.1'): Promise<number> {
  return new Promise((done) =>
    server.listen(0, host, () => {
      done((server.address() as AddressInfo).port);
    }),
  );
}

async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((done) => server.close(done));
  return port;
}

afterEach(killRunningClis);

describe('mock/cli.ts', () => {
  it('serves the sample site on the port given with --port', async () => {
    const port = await freePort();
    const cli = startCli(['--port', String(port), '--quiet']);
    expect(await serving(cli)).toBe(`http://127.0.0.1:${port}`);
    const response = await fetch(`http://127.0.0.1:${port}/admin/api/articles/1`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { url: string }).url).toBe(`http://127.0.0.1:${port}/admin/api/articles/1`);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
  });

  it('takes the port from PORT and the address from --host, and logs each request', async () => {
    const port = await freePort();
    const cli = startCli(['--host', '127.0.0.2'], { PORT: String(port) });
    expect(await serving(cli)).toBe(`http://127.0.0.2:${port}`);
    expect((await fetch(`http://127.0.0.2:${port}/admin/api/articles/2`)).status).toBe(200);
    cli.child.kill('SIGINT');
    expect(await cli.exit).toBe(0);
    expect(cli.stdout()).toMatch(/^GET \/admin\/api\/articles\/2 200 \d+\.\dms$/m);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('stops cleanly with exit code 0 on %s', async (signal) => {
    const cli = startCli(['--port', String(await freePort()), '--quiet']);
    await serving(cli);
    cli.child.kill(signal);
    expect(await cli.exit).toBe(0);
    expect(cli.stderr()).toBe('');
  });

  it('explains a port already in use in one line, without a stack trace', async () => {
    const busy = createServer();
    const port = await listen(busy);
    try {
      const cli = startCli(['--port', String(port)]);
      expect(await cli.exit).toBe(1);
      expect(cli.stderr()).toBe(`mock: 127.0.0.1:${port} is already in use; choose another with --port or PORT\n`);
    } finally {
      busy.close();
    }
  });

  it('serves the site of --fixtures and explains a bad one naming the file, article and field', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mock-cli-'));
    const site = createApp().state();
    const good = join(folder, 'good.json');
    const withoutFirst = {
      ...site,
      articles: site.articles.filter((article) => article.id !== 1),
      comments: site.comments.filter((comment) => comment.article_id !== 1),
    };
    writeFileSync(good, JSON.stringify(withoutFirst));
    const port = await freePort();
    const cli = startCli(['--port', String(port), '--quiet', '--fixtures', good]);
    await serving(cli);
    expect((await fetch(`http://127.0.0.1:${port}/admin/api/articles/1`)).status).toBe(404);
    cli.child.kill('SIGTERM');
    await cli.exit;

    const third = site.articles[2] as unknown as Record<string, unknown>;
    third.title = 5;
    const bad = join(folder, 'bad.json');
    writeFileSync(bad, JSON.stringify(site));
    const refused = startCli(['--fixtures', bad]);
    expect(await refused.exit).toBe(2);
    expect(refused.stderr()).toBe(`mock: ${bad}: article 3:\n  /title: must be string\n`);
  });

  it('prints every option with --help', async () => {
    const cli = startCli(['--help']);
    expect(await cli.exit).toBe(0);
    for (const option of [
      '--port',
      '--host',
      '--fixtures',
      '--token',
      '--cors-origin',
      '--delay',
      '--fail-rate',
      '--fail-status',
      '--fail-operation',
      '--no-validate',
      '--quiet',
      '--help',
    ]) {
      expect(cli.stdout()).toContain(option);
    }
  });

  it('refuses an unknown option with the usage and exit code 2', async () => {
    const cli = startCli(['--prot', '4000']);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toMatch(/^mock: Unknown option '--prot'[\s\S]*Usage:/);
  });
});
