/**
 * What the adapter reads off an Express request for the rules: the base address (for the
 * addresses in answers), the article id and the absolute request address.
 */
import type { Request } from 'express';
import { ApiError } from '../rules';

const safeHost = /^[A-Za-z0-9.-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$/;

/** `http://host:port` as the client addressed the mock; the socket's address when Host is unusable. */
export function baseUrl(request: Request): string {
  const host = request.get('host');
  if (host && safeHost.test(host)) return `${request.protocol}://${host}`;
  const address = request.socket.localAddress ?? '127.0.0.1';
  const shown = address.includes(':') ? `[${address}]` : address;
  return `${request.protocol}://${shown}:${String(request.socket.localPort ?? 80)}`;
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
