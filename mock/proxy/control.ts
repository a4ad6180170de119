/**
 * The proxy's part of the control API (`/__mock`): the violations found so far, and the journal
 * with each entry's violation count. Like the mock's own control API it is JSON, needs no token,
 * and answers another method with 405 and `Allow`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestJournal } from '../journal/request-journal';
import type { ViolationLog } from './violations';

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

export function answerControl(
  request: IncomingMessage,
  response: ServerResponse,
  parts: { violations: ViolationLog; journal: RequestJournal },
): void {
  const path = (request.url ?? '').split('?')[0];
  const method = request.method ?? '';
  if (path === '/__mock/violations') {
    if (method === 'GET') sendJson(response, 200, parts.violations.list());
    else if (method === 'DELETE') {
      parts.violations.clear();
      response.writeHead(204).end();
    } else sendJson(response, 405, { message: 'Method not allowed.' }, { allow: 'GET, DELETE' });
  } else if (path === '/__mock/journal') {
    if (method === 'GET') sendJson(response, 200, parts.journal.list());
    else sendJson(response, 405, { message: 'Method not allowed.' }, { allow: 'GET' });
  } else sendJson(response, 404, { message: 'Not found.' });
}
