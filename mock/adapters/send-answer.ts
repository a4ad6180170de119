/**
 * The one place the mock writes an answer onto a Node response (the node:http and Express
 * adapters). Like Express's `send`, a 204 or 304 carries no body and no body headers; HEAD gets the
 * headers of GET, and Node itself leaves out the body. A streamed body is written as it is made and
 * stopped when the connection closes (the core never gives one to HEAD); a relayed one (the
 * proxy's) is piped at the client's pace.
 */
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { PlainAnswer, StreamedBody } from '../core/plain';

function sendStream(response: ServerResponse, headers: string[], status: number, stream: StreamedBody): void {
  response.writeHead(status, headers);
  const stop = stream.open(
    (text) => response.write(text),
    () => response.end(),
  );
  response.on('close', stop);
}

/** Bytes from elsewhere, as they come, at the pace the client reads them; a failure on either side ends both. */
function sendRelayed(
  response: ServerResponse,
  headers: string[],
  status: number,
  relayed: AsyncIterable<Uint8Array>,
): void {
  response.writeHead(status, headers);
  const source = Readable.from(relayed, { objectMode: false });
  source.on('error', () => response.destroy());
  response.on('close', () => source.destroy());
  source.pipe(response);
}

export function sendAnswer(response: ServerResponse, answer: PlainAnswer): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  // One `writeHead` with a flat list: Node writes it as given, without keeping a header map.
  const headers: string[] = [];
  for (const name in answer.headers) {
    const value = answer.headers[name] as string | readonly string[];
    if (typeof value === 'string') headers.push(name, value);
    else for (const line of value) headers.push(name, line);
  }
  const { body, stream, relayed } = answer;
  if (stream) {
    sendStream(response, headers, answer.status, stream);
    return;
  }
  if (relayed) {
    sendRelayed(response, headers, answer.status, relayed);
    return;
  }
  if (body === undefined || answer.status === 204 || answer.status === 304) {
    response.writeHead(answer.status, headers).end();
    return;
  }
  headers.push('Content-Length', String(Buffer.byteLength(body)));
  response.writeHead(answer.status, headers).end(body);
}
