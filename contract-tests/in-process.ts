/**
 * An in-process target: the mock's public `createApp`, served by its node:http adapter
 * (`nodeListener`, which needs no Express) on a free port of 127.0.0.1, so the suite still speaks
 * real HTTP to it. The only place the suite touches the mock, and only
 * when asked: the mock is an optional peer of the contract command's package, so that a verifier
 * who checks a deployment installs no Express.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { createApp, MockApp, MockOptions, nodeListener } from 'site-articles-mock';

/** Why there is no in-process target: the mock's package is not installed beside this one. */
export class MockNotInstalled extends Error {
  constructor() {
    super(
      'no --base-url given, and the in-process mock (the site-articles-mock package) is not installed: ' +
        'give the address of the server to check, e.g. --base-url http://127.0.0.1:4010, or install site-articles-mock',
    );
  }
}

interface MockPackage {
  createApp: typeof createApp;
  nodeListener: typeof nodeListener;
}

function loadMock(): MockPackage {
  try {
    // A require at the moment of need, not an import at load: the package may be absent.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('site-articles-mock') as MockPackage;
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND';
    if (missing && (error as Error).message.includes("'site-articles-mock'")) throw new MockNotInstalled();
    throw error;
  }
}

export interface RunningTarget {
  baseUrl: string;
  /** The mock's own controls, for tests of the suite; the checks never use them. */
  mock: MockApp;
  close(): Promise<void>;
}

/** Articles of the built-in sample site the suite uses: one with a reserved key and comments, one with empty data. */
export const inProcessArticleIds = [1, 2];

export async function startInProcessMock(options: MockOptions = {}): Promise<RunningTarget> {
  const loaded = loadMock();
  const mock = loaded.createApp(options);
  const server = createServer(loaded.nodeListener(mock));
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
