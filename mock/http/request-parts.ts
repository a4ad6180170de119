/**
 * What the adapter reads off an Express request for the rules: the base address (for the
 * addresses in answers), the article id and the absolute request address.
 */
import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';
import { ApiError } from '../rules';
import { maxHostLength } from '../rules/limits';

const safeHost = /^[A-Za-z0-9.-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$/;

/**
 * `http://host:port` as the client addressed the mock; the socket's address when Host is unusable or too long.
 * It reads the bare request (Host header, TLS or not: what Express's `req.get('host')` and
 * `req.protocol` give without `trust proxy`), so the fast path (fast-path.ts) shares it.
 */
export function baseUrl(request: IncomingMessage): string {
  const host = request.headers.host;
  const protocol = (request.socket as { encrypted?: boolean }).encrypted === true ? 'https' : 'http';
  if (host && host.length <= maxHostLength && safeHost.test(host)) return `${protocol}://${host}`;
  const address = request.socket.localAddress ?? '127.0.0.1';
  const shown = address.includes(':') ? `[${address}]` : address;
  return `${protocol}://${shown}:${String(request.socket.localPort ?? 80)}`;
}

/** A named path parameter; only wildcards give arrays, and these routes have none. */
export function pathParam(request: Request, name: string): string {
  const value = request.params[name];
  return typeof value === 'string' ? value : '';
}

/** `<article_id>` is an integer (section 4); anything else names no article. */
export function articleId(request: Request): number {
  const raw = pathParam(request, 'articleId');
  const id = /^[0-9]{1,16}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw new ApiError('notFound');
  return id;
}

export function selfUrl(request: Request, base: string): string {
  try {
    return new URL(request.originalUrl, base).toString();
  } catch {
    return `${base}${request.path}`;
  }
}
