/**
 * The one place the mock writes an answer onto a Node response (both adapters, and the Express
 * app's own errors). Like Express's `send`, a 204 or 304 carries no body and no body headers; HEAD
 * gets the headers of GET, and Node itself leaves out the body.
 */
import type { ServerResponse } from 'node:http';
import type { PlainAnswer } from '../core/plain';

export function sendAnswer(response: ServerResponse, answer: PlainAnswer): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  // One `writeHead` with a flat list: Node writes it as given, without keeping a header map.
  const headers: string[] = [];
  for (const name in answer.headers) headers.push(name, answer.headers[name] as string);
  const { body } = answer;
  if (body === undefined || answer.status === 204 || answer.status === 304) {
    response.writeHead(answer.status, headers).end();
    return;
  }
  headers.push('Content-Length', String(Buffer.byteLength(body)));
  response.writeHead(answer.status, headers).end(body);
}
