/**
 * The command's output on a real terminal (docs/mock.md): the CLI runs in a
 * pseudo-terminal that util-linux's `script` gives it. Addresses and statuses are coloured there,
 * plain with NO_COLOR and through a pipe, and what is in force is listed after the start either way.
 */
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import {
  killRunningClis,
  mockCommand,
  projectRoot,
  serving,
  shellEnvironment,
  startCli,
} from '../../../test-support/cli-process';

jest.setTimeout(30_000);
afterEach(killRunningClis);

const stopped: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(stopped.splice(0).map((stop) => stop()));
});

/** A colour terminal's environment, whatever the one running the tests says of colour. */
function terminalEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { NO_COLOR: _no, NODE_DISABLE_COLORS: _off, ...env } = shellEnvironment();
  return { ...env, TERM: 'xterm-256color', ...extra };
}

/** The CLI in a pseudo-terminal, everything it prints as the terminal shows it. */
function onTerminal(args: string[], extra: Record<string, string> = {}): () => string {
  const command = `exec ${process.execPath} ${mockCommand} ${args.join(' ')}`;
  const child = spawn('script', ['--quiet', '--flush', '--return', '--command', command, '/dev/null'], {
    cwd: projectRoot,
    env: terminalEnv(extra),
  });
  let shown = '';
  child.stdout.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  const ended = new Promise((done) => child.once('close', done));
  // script ends what runs in its terminal when it is itself stopped.
  stopped.push(() => {
    child.kill('SIGTERM');
    return ended;
  });
  return () => shown;
}

async function until<T>(what: string, found: () => T | undefined): Promise<T> {
  for (let waited = 0; waited < 20_000; waited += 50) {
    const value = found();
    if (value !== undefined) return value;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`${what} did not show within 20 s`);
}

const escape = '\x1b[';
const options = ['--port', '0', '--token', 'secret-token', '--delay', '5'];
const inForce = [
  'mock: in force',
  `  ${escape}1mtoken${escape}22m  set: writes need it (X-API-TOKEN or ?api_token)`,
  `  ${escape}1mdelay${escape}22m  5 ms before every API answer`,
];

test('colours the addresses and the statuses on a terminal, and lists what is in force', async () => {
  const shown = onTerminal(options);
  // The start's lines may reach the terminal in several chunks: the last one listed ends them.
  await until('the list of what is in force', () => (shown().includes('ms before') ? true : undefined));
  const origin = await until(
    'the address',
    () => /serving the site on (http:\S+)/.exec(stripVTControlCharacters(shown()))?.[1],
  );
  expect(shown()).toContain(`serving the site on ${escape}36m${origin}${escape}39m`);
  expect(shown()).toContain(`the workbench is at ${escape}36m${origin}/__mock/${escape}39m`);
  expect(shown()).toContain(inForce.join('\r\n'));
  expect((await fetch(`${origin}/admin/api/articles/1`)).status).toBe(200);
  expect((await fetch(`${origin}/admin/api/articles/999`)).status).toBe(404);
  await until('the request log', () => (shown().includes('999') ? true : undefined));
  expect(shown()).toContain(`GET /admin/api/articles/1 ${escape}32m200${escape}39m `);
  expect(shown()).toContain(`GET /admin/api/articles/999 ${escape}33m404${escape}39m `);
  expect(shown()).not.toContain('secret-token');
});

test('prints no colour on a terminal with NO_COLOR, nor through a pipe, and lists what is in force', async () => {
  const plain = inForce.map((line) => stripVTControlCharacters(line));
  const shown = onTerminal(options, { NO_COLOR: '1' });
  await until('the list of what is in force', () => (shown().includes('ms before') ? true : undefined));
  expect(shown()).toContain(plain.join('\r\n'));
  expect(shown()).not.toContain(escape);

  const piped = startCli(options, { TERM: 'xterm-256color' });
  await serving(piped);
  await until('the list of what is in force', () => (piped.stdout().includes('ms before') ? true : undefined));
  expect(piped.stdout()).toContain(plain.join('\n'));
  expect(piped.stdout()).not.toContain(escape);
});
