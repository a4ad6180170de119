/**
 * The control token that guards the control API and the workbench when the mock listens beyond
 * loopback. A tool sends it as `X-Mock-Control-Token`; the workbench page trades it once for a
 * session cookie (`POST /__mock/session`), which the browser then sends by itself, also with
 * server-sent events, and never to another site (`SameSite=Strict`).
 */
import type { Headers } from './origins';

export const controlTokenHeader = 'x-mock-control-token';
export const controlCookie = 'mock_control';

/** The value of cookie `name` in a `Cookie` header as sent, not decoded; undefined when there is no such cookie. */
export function rawCookieValue(header: string | string[] | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join('; ') : header;
  // Every request is asked for the sandbox cookie: one that cannot hold it is not split up.
  if (!text.includes(name)) return undefined;
  for (const part of text.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The value of cookie `name` in a `Cookie` header, decoded; undefined when there is none or it does not decode. */
export function cookieValue(header: string | string[] | undefined, name: string): string | undefined {
  const raw = rawCookieValue(header, name);
  return raw === undefined ? undefined : decodedCookie(raw);
}

/** A cookie's value as sent, decoded; undefined when it does not decode. */
export function decodedCookie(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** Compares every character whatever the first difference, so the time taken tells nothing. */
export function sameSecret(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length;
  for (let index = 0; index < expected.length; index += 1) {
    difference |= (given.charCodeAt(index) || 0) ^ expected.charCodeAt(index);
  }
  return difference === 0;
}

export function carriesControlToken(headers: Headers, token: string): boolean {
  const header = headers[controlTokenHeader];
  const given = (Array.isArray(header) ? header[0] : header) ?? cookieValue(headers.cookie, controlCookie);
  return given !== undefined && sameSecret(given, token);
}

/** The cookie that keeps the token for the page's session: not readable by scripts, never sent cross-site. */
export const sessionCookie = (token: string): string =>
  `${controlCookie}=${encodeURIComponent(token)}; Path=/__mock; HttpOnly; SameSite=Strict`;
