/**
 * Real servers on 127.0.0.1 (port 0) for the proxy's tests: deployments to forward to, good,
 * broken and misbehaving, and the proxy itself in front of one.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { createProxy, type ProxyOptions, type ValidatingProxy } from '../../proxy/server';

const open: (Server | TcpServer)[] = [];
const sockets = new Set<Socket>();

function listening(server: Server | TcpServer): Promise<string> {
  open.push(server);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

export const serve = (listener: RequestListener): Promise<string> => listening(createServer(listener));

/** A TCP server that does `onSocket` with each connection, for deployments that do not speak HTTP properly. */
export const serveTcp = (onSocket: (socket: Socket) => void): Promise<string> => listening(createTcpServer(onSocket));

/** An address where nothing listens: a port just released. */
export async function refusingAddress(): Promise<string> {
  const server = createTcpServer();
  const address = await new Promise<string>((done) => {
    server.listen(0, '127.0.0.1', () => {
      done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
  await new Promise((done) => server.close(done));
  return address;
}

export async function startProxy(options: ProxyOptions): Promise<ValidatingProxy & { url: string }> {
  const proxy = createProxy(options);
  return { ...proxy, url: await serve(proxy.listener) };
}

export async function closeAll(): Promise<void> {
  for (const socket of sockets) socket.destroy();
  await Promise.all(open.splice(0).map((server) => new Promise((done) => server.close(done))));
}
