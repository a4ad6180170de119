/**
 * The mock as a client meets it: `createApp` behind a real HTTP server on an ephemeral port, with
 * the node:http adapter and the server-level JSON errors that `cli.ts` wires, plus a keep-alive agent.
 */
import { Agent, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, nodeListener, type MockApp, type MockOptions } from 'site-articles-mock';
import { answerClientErrors } from '../../mock/adapters/server-errors';

export interface Harness {
  mock: MockApp;
  server: Server;
  port: number;
  agent: Agent;
  /** Every request-log line, when started with `{ log: true }`. */
  logLines: string[];
  close(): Promise<void>;
}

export async function startMock(options: MockOptions = {}, { log = false } = {}): Promise<Harness> {
  const logLines: string[] = [];
  const mock = createApp(
    log
      ? {
          ...options,
          log: (line) => {
            logLines.push(line);
          },
        }
      : options,
  );
  const server = createServer(nodeListener(mock));
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const close = async (): Promise<void> => {
    agent.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) =>
      server.close(() => {
        resolve();
      }),
    );
  };
  return { mock, server, port: (server.address() as AddressInfo).port, agent, logLines, close };
}
