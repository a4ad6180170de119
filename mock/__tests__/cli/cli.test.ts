/**
 * The CLI as a real child process (`node mock/dist/cli.js`, as `npm start` runs it): port and host choice, a busy
 * port, clean stops on SIGINT/SIGTERM, a bad fixture file and `--help`. Few tests: each spawns.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { killRunningClis, serving, startCli } from '../../../test-support/cli-process';
import { tempFolders } from '../../../test-support/temp-files';
import { createApp } from '../../index';

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
const newFolder = tempFolders('mock-cli');

async function waitFor(condition: () => boolean | Promise<boolean>, what = 'the condition'): Promise<void> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    if (await condition()) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${what} did not come within 15 s`);
}

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

  it('says where the workbench is once it listens', async () => {
    const port = await freePort();
    const cli = startCli(['--port', String(port), '--quiet']);
    await serving(cli);
    await waitFor(() => cli.stdout().includes('workbench'));
    expect(cli.stdout()).toContain(
      `mock: the workbench is at http://127.0.0.1:${port}/__mock/ (Ctrl-C stops the mock)\n`,
    );
    expect((await fetch(`http://127.0.0.1:${port}/__mock/`)).status).toBe(200);
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
    const folder = newFolder();
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

  it('prints every option with --help, under the name it was started by', async () => {
    const cli = startCli(['--help'], { npm_lifecycle_event: 'start' });
    expect(await cli.exit).toBe(0);
    expect(cli.stdout()).toMatch(/^Usage: npm start -- \[options\]\n/);
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

  it('prints the usage with -h and the package version with --version, exit code 0', async () => {
    const short = startCli(['-h']);
    expect(await short.exit).toBe(0);
    expect(short.stdout()).toMatch(/^Usage: .* \[options\]\n/);
    const version = startCli(['--version']);
    expect(await version.exit).toBe(0);
    const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(version.stdout()).toBe(`${manifest.version}\n`);
  });

  it('refuses an unknown option in two lines, the second saying where every option is told, with exit code 2', async () => {
    const cli = startCli(['--prot', '4000'], { npm_lifecycle_event: 'start' });
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toBe("mock: Unknown option '--prot'\nmock: `npm start -- --help` lists every option\n");
  });
});

describe('what mock/cli.ts says of a fixture it cannot read and of the address it listens on', () => {
  it('names the line and column where a cut-short fixture ends, and says a missing one is missing', async () => {
    const folder = newFolder();
    const cut = join(folder, 'cut.json');
    writeFileSync(cut, '{\n  "articles": [');
    const short = startCli(['--fixtures', cut]);
    expect(await short.exit).toBe(2);
    expect(short.stderr()).toBe(`mock: ${cut}: the JSON ends too soon, at line 2, column 16\n`);
    const missing = startCli(['--fixtures', join(folder, 'missing.json')]);
    expect(await missing.exit).toBe(2);
    expect(missing.stderr()).toBe(`mock: ${join(folder, 'missing.json')}: no such file\n`);
  });

  it('prints no control token for an address it cannot listen on', async () => {
    const cli = startCli(['--host', 'nowhere.invalid', '--port', String(await freePort())]);
    expect(await cli.exit).toBe(1);
    expect(cli.stdout()).not.toContain('control token');
    expect(cli.stderr()).toMatch(/^mock: nowhere\.invalid:\d+ cannot be used/);
  });

  it('gives a loopback address to open when it listens on every address', async () => {
    const port = await freePort();
    const cli = startCli(['--host', '0.0.0.0', '--port', String(port), '--quiet']);
    await waitFor(() => cli.stdout().includes('control token'), 'the start-up lines');
    expect(cli.stdout()).toContain(
      `on http://0.0.0.0:${port} (control API under /__mock, every address of this machine)\n`,
    );
    expect(cli.stdout()).toContain(
      `mock: the workbench is at http://127.0.0.1:${port}/__mock/ (Ctrl-C stops the mock)\n`,
    );
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
  });
});
