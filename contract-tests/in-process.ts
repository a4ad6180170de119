/**
 * An in-process target: the mock's public `createApp`, listening on a free port of 127.0.0.1, so
 * the suite still speaks real HTTP to it. The only place the suite touches the mock.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type MockApp, type MockOptions } from '../mock';

export interface RunningTarget {
  baseUrl: string;
  /** The mock's own controls, for tests of the suite; the checks never use them. */
  mock: MockApp;
  close(): Promise<void>;
}

/** Articles of the built-in sample site the suite uses: one with a reserved key and comments, one with empty data. */
export const inProcessArticleIds = [1, 2];

export async function startInProcessMock(options: MockOptions = {}): Promise<RunningTarget> {
  const mock = createApp(options);
  const server = createServer(mock.app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    mock,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
