/**
 * The mock under the real launchers (docs/mock.md, "Stopping it"): `npm start`, `npx articles-mock`
 * and `npm exec articles-mock` each run it through a shell, and `npm run dev` through nodemon too,
 * so a launcher stopped alone (SIGKILL, or SIGTERM, which npm passes to the shell only) must still
 * stop the mock: its port freed, and no process of the launch left. Each launch names a file by a
 * path (npm's title then holds a `/`). Each launch is a process group of its own, killed whole at
 * the end of its test. Runs the compiled mock (`npm run build`, done here first; it does nothing when the
 * build is current).
 */
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { projectRoot, shellEnvironment } from '../../../test-support/cli-process';

jest.setTimeout(90_000);

beforeAll(() => {
  execFileSync('npm', ['run', 'build'], { cwd: projectRoot, env: shellEnvironment(), stdio: 'pipe' });
}, 300_000);

/** Kills a launch's whole process group, whatever is left of it. */
function killGroup(group: number): void {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // The whole group has ended already.
  }
}

interface Launch {
  pid: number;
  output: () => string;
}

/** Starts `command` as a user would in a terminal, in a process group of its own, and waits until the mock serves. */
async function launch(command: string, args: string[]): Promise<{ launch: Launch; port: number }> {
  const child = spawn(command, [...args, '--port', '0', '--quiet', '--fixtures', './mock/fixtures/sample-site.json'], {
    cwd: projectRoot,
    env: shellEnvironment(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${command} did not start`);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let waited = 0; waited < 60_000; waited += 50) {
    const port = /serving .* on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
    if (port !== undefined) return { launch: { pid: child.pid, output: () => output }, port: Number(port) };
    await new Promise((done) => setTimeout(done, 50));
  }
  killGroup(child.pid);
  throw new Error(`the mock did not start under ${command}: ${output}`);
}

const refuses = (port: number): Promise<boolean> =>
  new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', () => {
      done(true);
    });
  });

/** Milliseconds until `condition` holds, checked every 20 ms; Infinity when it does not within `limitMs`. */
async function millisecondsUntil(condition: () => boolean | Promise<boolean>, limitMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (await condition()) return performance.now() - start;
    await new Promise((done) => setTimeout(done, 20));
  }
  return Infinity;
}

/** The processes of a process group, each as `pid command line`, read from /proc (Linux). */
function groupMembers(group: number): string[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // Fields after the command's closing parenthesis: state, parent, process group, ...
        const processGroup = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
        if (processGroup !== group) return [];
        return [`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()}`];
      } catch {
        return [];
      }
    });
}

const launchers = ['npm start --', 'npx articles-mock', 'npm exec -- articles-mock', 'npm run dev --'];

const launches = launchers.flatMap((typed) =>
  (['SIGKILL', 'SIGTERM'] as const).map((signal) => [typed, signal] as const),
);

// The launches run at once: each is its own process group on its own port, and most of a test's
// time is spent waiting for npm to start and for the mock to notice it is gone.
test.concurrent.each(launches)(
  'the mock under `%s` stops, freeing its port and leaving no process, when the launcher alone gets %s',
  async (typed, signal) => {
    const [command = '', ...args] = typed.split(' ');
    const { launch: launched, port } = await launch(command, args);
    try {
      expect(await refuses(port)).toBe(false);
      expect(groupMembers(launched.pid)).toEqual(expect.arrayContaining([expect.stringMatching(/mock/)]));
      process.kill(launched.pid, signal);
      // The waits end a hang, not a slow machine: a loaded one has taken over 10 s to end a group.
      expect(await millisecondsUntil(() => refuses(port), 30_000)).toBeLessThan(Infinity);
      await millisecondsUntil(() => groupMembers(launched.pid).length === 0, 30_000);
      expect(groupMembers(launched.pid)).toEqual([]);
      // Under nodemon a SIGTERM reaches the watcher, which stops the mock itself.
      if (!typed.startsWith('npm run dev') || signal === 'SIGKILL')
        expect(launched.output()).toContain('mock: npm, which started the mock, is gone; stopping\n');
    } finally {
      killGroup(launched.pid);
    }
  },
);
