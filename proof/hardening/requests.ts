/** Short helpers for the example-based hardening tests: JSON requests and their parsed answers. */
import { send, type HttpAnswer, type HttpRequest } from './client';
import type { Harness } from './harness';

export interface JsonAnswer extends HttpAnswer {
  body: unknown;
}

function parsed(answer: HttpAnswer): JsonAnswer {
  let body: unknown;
  try {
    body = answer.text === '' ? undefined : JSON.parse(answer.text);
  } catch {
    body = undefined;
  }
  return { ...answer, body };
}

export async function request(harness: Harness, message: HttpRequest): Promise<JsonAnswer> {
  return parsed(await send(harness, message));
}

/** A JSON write: the text is sent as given when a string, else serialised. */
export function write(
  harness: Harness,
  method: string,
  path: string,
  payload: unknown,
  headers: [string, string][] = [],
): Promise<JsonAnswer> {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return request(harness, { method, path, headers: [['Content-Type', 'application/json'], ...headers], body });
}

export const read = (harness: Harness, path: string): Promise<JsonAnswer> => request(harness, { method: 'GET', path });

export interface ArticleView {
  data: Record<string, unknown>;
  comments_count: number;
}
