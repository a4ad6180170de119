/**
 * Two clients for abuse tests: `send` speaks HTTP through node:http (any method, duplicate header
 * lines, chunked or sized bodies, and Node's default 16 kB limit on answer headers, so an answer
 * a default client cannot read fails); `sendRaw` writes bytes on a socket, for what node:http
 * refuses to send.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import type { Harness } from './harness';

export interface HttpRequest {
  method: string;
  /** The request target exactly as sent (already percent-encoded). */
  path: string;
  /** In order; a name given twice is sent as two header lines. */
  headers?: [string, string][];
  body?: Buffer | string;
  /** Send the body in two chunks with `Transfer-Encoding: chunked` instead of a Content-Length. */
  chunked?: boolean;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

function headerObject(pairs: [string, string][]): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of pairs) {
    const known = headers[name.toLowerCase()];
    headers[name.toLowerCase()] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return headers;
}

/** Node frames a body itself only for some methods (not DELETE, GET, OPTIONS...): say it explicitly. */
function framing(body: Buffer | undefined, chunked: boolean | undefined): [string, string][] {
  if (body === undefined) return [];
  return chunked ? [['Transfer-Encoding', 'chunked']] : [['Content-Length', String(body.length)]];
}

export function send(harness: Harness, message: HttpRequest, timeoutMs = 10_000): Promise<HttpAnswer> {
  const body = message.body === undefined ? undefined : Buffer.from(message.body);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: harness.port,
        agent: harness.agent,
        method: message.method,
        path: message.path,
        headers: headerObject([...(message.headers ?? []), ...framing(body, message.chunked)]),
        timeout: timeoutMs,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    if (body && message.chunked) {
      outgoing.write(body.subarray(0, body.length >> 1));
      outgoing.end(body.subarray(body.length >> 1));
    } else outgoing.end(body);
  });
}

export interface RawExchange {
  /** Everything the server wrote before it closed the connection or the wait ended. */
  text: string;
  closedByServer: boolean;
}

/**
 * Writes bytes, optionally half-closes, and collects what comes back until the server closes, `answers`
 * complete answers have arrived, or `waitMs` passes.
 */
export function sendRaw(
  port: number,
  bytes: Buffer | string,
  { halfClose = false, waitMs = 3000, answers = Infinity } = {},
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closedByServer = false;
    const finish = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('latin1'), closedByServer });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (parseRawAnswers(Buffer.concat(chunks).toString('latin1')).length >= answers) finish();
    });
    socket.on('end', () => {
      closedByServer = true;
      finish();
    });
    socket.on('error', () => {
      closedByServer = true;
      finish();
    });
    socket.on('close', () => {
      closedByServer = true;
      finish();
    });
    socket.write(bytes, () => {
      if (halfClose) socket.end();
    });
  });
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Splits what a raw exchange returned into answers (sized bodies only; the mock sends no chunked ones). */
export function parseRawAnswers(text: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.')) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    answers.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: Buffer.from(rest.slice(end + 4, end + 4 + length), 'latin1').toString('utf8'),
    });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}
