/**
 * The commands of one page's project on one Node.js release, run as a reader runs them: each to
 * completion in the project's folder, except the mock's own commands (`npm start`, `npm run dev`,
 * `npx articles-mock`), which keep serving, as in a second terminal, until the session ends or
 * another one starts on their port.
 */
import { run, startServer, type Server } from '../../package-tests/child-processes';
import { Addresses, defaultPort } from './addresses';

/** Where a command runs: a project's folder, with its environment (PATH to another Node.js, ...). */
export interface Place {
  folder: string;
  env: NodeJS.ProcessEnv;
}

const commandTimeoutMs = 240_000;
const serverStartMs = 60_000;
const serverCommand = /^(?:\w+=\S*\s+)*(?:npm start|npm run dev|npx articles-mock)\b(?!.*\s(?:-h|--help|--version)\b)/;

export class CommandFailed extends Error {}

/** A command's output cut to its first and last lines, enough to see why it failed. */
function tail(output: string): string {
  const lines = output.trimEnd().split('\n');
  return lines.length <= 24 ? lines.join('\n') : [...lines.slice(0, 12), '...', ...lines.slice(-12)].join('\n');
}

export class PageSession {
  readonly addresses: Addresses;
  private readonly servers = new Map<number, Server>();

  constructor(deployment: () => Promise<string>) {
    this.addresses = new Addresses(deployment);
  }

  /**
   * Runs one documented command in `place`, with `documentedEnv` (a CI step's `env`) set; ports and
   * the example deployment made local in both.
   */
  async run(documented: string, place: Place, documentedEnv: Record<string, string> = {}): Promise<void> {
    const command = await this.addresses.localize(documented);
    const env: NodeJS.ProcessEnv = { ...place.env, PORT: String(await this.addresses.portFor(defaultPort)) };
    for (const [name, value] of Object.entries(documentedEnv)) env[name] = await this.addresses.localize(value);
    if (serverCommand.test(command)) {
      await this.serve(documented, command, place.folder, env);
      return;
    }
    const finished = await run('sh', ['-c', command], place.folder, { env, timeoutMs: commandTimeoutMs });
    if (finished.code !== 0) {
      throw new CommandFailed(`\`${documented}\` exited with ${String(finished.code)}:\n${tail(finished.output)}`);
    }
  }

  private async serve(documented: string, command: string, folder: string, env: NodeJS.ProcessEnv): Promise<void> {
    const port = Number(/(?:--port[ =]|\bPORT=)(\d+)/.exec(command)?.[1] ?? env.PORT);
    const running = this.servers.get(port);
    if (running) {
      running.stop();
      await running.exited;
    }
    const starting = startServer('sh', ['-c', command], folder, env);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        void starting.then((server) => {
          server.stop();
        });
        reject(new Error(`not serving after ${String(serverStartMs)} ms`));
      }, serverStartMs);
    });
    try {
      this.servers.set(port, await Promise.race([starting, late]));
    } catch (error) {
      throw new CommandFailed(`\`${documented}\` did not serve: ${tail(String(error))}`);
    } finally {
      clearTimeout(timer);
    }
  }

  async end(): Promise<void> {
    const servers = [...this.servers.values()];
    this.servers.clear();
    for (const server of servers) server.stop();
    await Promise.all(servers.map((server) => server.exited));
  }
}
