/** A test's own server on a free loopback port: started with its base address, and closed. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on a free port of 127.0.0.1 and gives the base address, `http://127.0.0.1:<port>`. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}

/** Stops listening and resolves once every connection is closed. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((done, fail) => {
    server.close((error) => {
      if (error) fail(error);
      else done();
    });
  });
}
