/**
 * One journal entry, made from a plain request and its answer (method, address, headers, body
 * bytes), so that any pipeline can record what it saw. Not part of the interface: the mock's
 * control API (`GET /__mock/journal`) serves these entries. Tokens are masked before anything is kept.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { maskToken } from './mask-token';

/** Bodies longer than this are kept cut, as text, and the entry says `truncated: true`. */
export const bodyLimitBytes = 64 * 1024;

export interface RecordedRequest {
  method: string;
  /** The address as received: path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  /** At most `bodyLimitBytes` + 1 bytes are needed to tell a cut body; text as the core keeps it. */
  body: Body;
  /** The body's full length, when more was received than `body` holds. */
  bodyBytes?: number;
}

export interface RecordedAnswer {
  status: number;
  /** Set by the validating proxy (mock/proxy): what it found, about the deployment and about the client. */
  findings?: Findings;
  headers: OutgoingHttpHeaders | Readonly<Record<string, string | readonly string[]>>;
  body: Body;
  bodyBytes?: number;
}

/** Bytes as a socket gives them, or text as the core answers it (no Buffer: the journal runs in browsers too). */
export type Body = Uint8Array | string;

export interface JournalEntry {
  at: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  query: Record<string, string | string[]>;
  requestHeaders: Record<string, string | string[]>;
  requestBody?: unknown;
  responseBody?: unknown;
  /** Present when a body was longer than 64 kB; that body is then its first 64 kB as text. */
  truncated?: true;
  /** The validating proxy's count of violations by the deployment, when the answer had any. */
  violations?: number;
  /** The validating proxy's count of findings about the client's request (a payload off its stated shape), when any. */
  clientFindings?: number;
}

/** The validating proxy's findings in one exchange: violations by the deployment, and findings about the client's request. */
export interface Findings {
  deployment: number;
  client: number;
}

/** When an exchange was answered (milliseconds since the epoch, written out only when an entry is made) and how long it took. */
export interface Timing {
  at: number;
  ms: number;
}

const masked = '***';

function isTokenName(name: string): boolean {
  return name.toLowerCase() === 'api_token';
}

export function queryOf(url: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  const start = url.indexOf('?');
  if (start < 0) return query;
  for (const [name, raw] of new URLSearchParams(url.slice(start + 1))) {
    const value = isTokenName(name) ? masked : raw;
    const before = Object.hasOwn(query, name) ? query[name] : undefined;
    query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}

function headersOf(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    kept[name] = name.toLowerCase() === 'x-api-token' ? masked : value;
  }
  return kept;
}

function isJson(contentType: unknown): boolean {
  const type = Array.isArray(contentType) ? contentType.join(',') : typeof contentType === 'string' ? contentType : '';
  return /[/+]json\b/i.test(type);
}

interface ReadBody {
  value?: unknown;
  truncated: boolean;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** UTF-8 takes at most 3 bytes per UTF-16 unit, so shorter text cannot pass the limit and is not encoded. */
const bytesOf = (body: Body): Uint8Array | undefined =>
  typeof body !== 'string' ? body : body.length * 3 > bodyLimitBytes ? encoder.encode(body) : undefined;

/** Parsed JSON when the type says JSON and it parses; otherwise text; absent when empty. */
export function bodyOf(body: Body, totalBytes: number, contentType: unknown): ReadBody {
  if (totalBytes === 0 && body.length === 0) return { truncated: false };
  const bytes = bytesOf(body);
  if (bytes !== undefined && Math.max(totalBytes, bytes.length) > bodyLimitBytes)
    return { value: decoder.decode(bytes.subarray(0, bodyLimitBytes)), truncated: true };
  const text = typeof body === 'string' ? body : decoder.decode(body);
  if (isJson(contentType)) {
    try {
      return { value: JSON.parse(text) as unknown, truncated: false };
    } catch {
      // Not JSON after all: kept as the text that was sent.
    }
  }
  return { value: text, truncated: false };
}

/** The core names headers as sent (`Content-Type`), Node's `getHeaders()` in lower case. */
function contentTypeOf(headers: RecordedAnswer['headers']): unknown {
  const name = Object.keys(headers).find((key) => key.toLowerCase() === 'content-type');
  return name === undefined ? undefined : (headers as Record<string, unknown>)[name];
}

export function makeEntry(
  request: RecordedRequest,
  answer: RecordedAnswer,
  timing: Timing,
  token?: string,
): JournalEntry {
  const requestBody = bodyOf(request.body, request.bodyBytes ?? request.body.length, request.headers['content-type']);
  const responseBody = bodyOf(answer.body, answer.bodyBytes ?? answer.body.length, contentTypeOf(answer.headers));
  return {
    at: new Date(timing.at).toISOString(),
    method: request.method,
    path: maskToken(request.url, token),
    status: answer.status,
    ms: timing.ms,
    query: queryOf(maskToken(request.url, token)),
    requestHeaders: headersOf(request.headers),
    ...(requestBody.value !== undefined ? { requestBody: requestBody.value } : {}),
    ...(responseBody.value !== undefined ? { responseBody: responseBody.value } : {}),
    ...(requestBody.truncated || responseBody.truncated ? { truncated: true } : {}),
    ...(answer.findings?.deployment ? { violations: answer.findings.deployment } : {}),
    ...(answer.findings?.client ? { clientFindings: answer.findings.client } : {}),
  };
}
