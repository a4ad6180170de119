/**
 * The mock under the real launchers (docs/mock.md, "Stopping it"; issue 29, items 4 and 5):
 * `npm start`, `npx articles-mock` and `npm exec articles-mock` each run it through a shell, so a
 * launcher stopped alone (SIGKILL, or SIGTERM, which npm passes to the shell only) must still stop
 * the mock: its port freed within a second, and no process of the launch left. Each launch is a
 * process group of its own, killed whole after its test. Runs the compiled mock (`npm run build`,
 * done here first; it does nothing when the build is current).
 */
import { execFileSync, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { projectRoot, shellEnvironment } from '../../../test-support/cli-process';

jest.setTimeout(90_000);

beforeAll(() => {
  execFileSync('npm', ['run', 'build'], { cwd: projectRoot, env: shellEnvironment(), stdio: 'pipe' });
}, 300_000);

const groups: number[] = [];
afterEach(() => {
  for (const group of groups.splice(0)) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // The whole group has ended already.
    }
  }
});

interface Launch {
  pid: number;
  output: () => string;
}

/** Starts `command` as a user would in a terminal, in a process group of its own, and waits until the mock serves. */
async function launch(command: string, args: string[]): Promise<{ launch: Launch; port: number }> {
  const child = spawn(command, [...args, '--port', '0', '--quiet'], {
    cwd: projectRoot,
    env: shellEnvironment(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${command} did not start`);
  groups.push(child.pid);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let waited = 0; waited < 60_000; waited += 50) {
    const port = /serving .* on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
    if (port !== undefined) return { launch: { pid: child.pid, output: () => output }, port: Number(port) };
    await new Promise((done) => setTimeout(done, 50));
  }
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

/** Whether `condition` comes to hold, checked every 20 ms for up to `limitMs`. */
async function comesToHold(condition: () => boolean | Promise<boolean>, limitMs: number): Promise<boolean> {
  for (let waited = 0; waited < limitMs; waited += 20) {
    if (await condition()) return true;
    await new Promise((done) => setTimeout(done, 20));
  }
  return false;
}

const groupAlive = (group: number): boolean => {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
};

describe.each(['npm start --', 'npx articles-mock', 'npm exec -- articles-mock'])('the mock under `%s`', (typed) => {
  it.each(['SIGKILL', 'SIGTERM'] as const)(
    'stops, freeing its port and leaving no process, when the launcher alone gets %s',
    async (signal) => {
      const [command = '', ...args] = typed.split(' ');
      const { launch: launched, port } = await launch(command, args);
      expect(await refuses(port)).toBe(false);
      process.kill(launched.pid, signal);
      // The mock looks for its launcher every 250 ms; left alone, it would serve on for good.
      expect(await comesToHold(() => refuses(port), 10_000)).toBe(true);
      expect(await comesToHold(() => !groupAlive(launched.pid), 10_000)).toBe(true);
      expect(launched.output()).toContain('mock: npm, which started the mock, is gone; stopping\n');
    },
  );
});
