/**
 * Sandboxes (outside the interface): each its own copy of the site, started from a scenario, with
 * its own faults and journal, for tests run in parallel against one mock. A request names its
 * sandbox with the `X-Mock-Sandbox` header or the `mock_sandbox` cookie (the header wins); one
 * naming none is served the mock's own site, as it always was. Ids are random and made by the
 * mock, and only the control API (which keeps to the mock's own page and tools) opens, lists and
 * ends sandboxes, so a page of another origin cannot learn one (docs/scenarios.md).
 */
import { errorAnswer } from '../core/answers';
import { ApiError } from '../core/api-error';
import { isControlAddress } from '../core/control-table';
import { corsHeaders, type CorsOrigins } from '../core/cors';
import type { Core, Guard } from '../core/pipeline';
import { headerValue, type PlainRequest } from '../core/plain';
import { decodedCookie, rawCookieValue } from '../security/control-token';

export const sandboxHeader = 'x-mock-sandbox';
export const sandboxCookie = 'mock_sandbox';
export const sandboxesPath = '/__mock/sandboxes';

/** How many sandboxes the mock holds at once unless told otherwise (`maxSandboxes`). */
export const defaultMaxSandboxes = 64;

/**
 * The sandbox a request names, if any: the header, else the cookie. A cookie that does not decode
 * still names a sandbox (as sent), one the mock never holds, so the request is refused rather than
 * served the shared site.
 */
export function sandboxIdOf(request: PlainRequest): string | undefined {
  const header = headerValue(request, sandboxHeader);
  if (header !== undefined) return header.trim();
  const raw = rawCookieValue(request.headers.cookie, sandboxCookie);
  return raw === undefined ? undefined : (decodedCookie(raw) ?? raw);
}

/** The cookie that puts a browser (or a Playwright context) in a sandbox; scripts cannot read it, other sites never send it. */
export const enteringCookie = (id: string): string => `${sandboxCookie}=${id}; Path=/; HttpOnly; SameSite=Strict`;
export const leavingCookie = `${sandboxCookie}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict`;

/** What a sandbox is: its mock (core and controls) and the scenario it started from. */
export interface Sandbox<Site> {
  id: string;
  scenario: string;
  site: Site;
}

const randomId = (): string =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

/** The sandboxes of the run, at most `max` at once. */
export class Sandboxes<Site extends { core: Core; end?(): void }> {
  private readonly open = new Map<string, Sandbox<Site>>();

  constructor(
    private readonly max: number,
    private readonly build: (scenario: string) => Site,
  ) {}

  /** A new sandbox started from `scenario`; past the bound a 409 that says how to end one. */
  start(scenario: string): Sandbox<Site> {
    if (this.open.size >= this.max)
      throw new ApiError('tooManySandboxes', {
        message: `The mock already holds ${String(this.max)} sandboxes, its most: end one with DELETE ${sandboxesPath}/<id> first.`,
      });
    const sandbox = { id: randomId(), scenario, site: this.build(scenario) };
    this.open.set(sandbox.id, sandbox);
    return sandbox;
  }

  get(id: string): Sandbox<Site> | undefined {
    return this.open.get(id);
  }

  /** Ends a sandbox, and with it its site's streams (nothing keeps an ended site alive); whether there was one. */
  end(id: string): boolean {
    const sandbox = this.open.get(id);
    if (!sandbox) return false;
    this.open.delete(id);
    sandbox.site.end?.();
    return true;
  }

  list(): Sandbox<Site>[] {
    return [...this.open.values()];
  }
}

/** The core that sends each request naming a sandbox to that sandbox's core, and the rest to `main`. */
export function sandboxedCore<Site extends { core: Core }>(main: Core, sandboxes: Sandboxes<Site>): Core {
  return {
    ownUrls: main.ownUrls,
    routes: main.routes,
    handle: (request) => {
      const id = sandboxIdOf(request);
      const sandbox = id === undefined ? undefined : sandboxes.get(id);
      return (sandbox?.site.core ?? main).handle(request);
    },
  };
}

/**
 * The main core's last guard: a request naming a sandbox the mock does not hold (ended, or the
 * mock restarted since) is refused, never served the main site in its place. The sandboxes' own
 * rows stay reachable, so a stale cookie can be replaced or cleared. The refusal carries CORS on
 * the interface's routes, so a page that called the API reads why.
 */
export function unknownSandboxGuard(corsOrigins: CorsOrigins): Guard {
  return (request, path) => {
    const id = sandboxIdOf(request);
    if (id === undefined || request.method === 'OPTIONS' || path.startsWith(sandboxesPath)) return undefined;
    const answer = errorAnswer(
      new ApiError('unknownSandbox', {
        message: `The mock holds no sandbox "${id}" (ended, or the mock restarted): open one with POST ${sandboxesPath}, or send no ${sandboxHeader} header or ${sandboxCookie} cookie (DELETE ${sandboxesPath}/${id} clears the cookie).`,
      }),
    );
    if (isControlAddress(path)) return answer;
    Object.assign(answer.headers, corsHeaders(corsOrigins, headerValue(request, 'origin'), false));
    return answer;
  };
}
