/**
 * The validating proxy (`npm start -- --proxy <base-url>`): a `node:http` request listener that
 * forwards every request to the deployment and hands back its answer unchanged, judging each
 * exchange of an interface operation (section 4) on the way. A violation adds
 * `X-Mock-Violations: <count>` to the answer, marks the journal entry and is listed under
 * `/__mock/violations`. The deployment failing gives the client a 502/504, never a crash.
 */
import type { RequestListener } from 'node:http';
import { maskToken } from '../journal/mask-token';
import { journalMaxBytes } from '../journal/recorder';
import { RequestJournal } from '../journal/request-journal';
import { proxyControl } from './control';
import { sendJson } from './send-json';
import type { Upstream } from './forward';
import { passThrough, type ProxyContext } from './pass-through';
import type { SeenAnswer } from './recorder';
import { ViolationLog } from './violations';
import { securityGuard, type SecurityPolicy } from '../security/guard';
import { splitTarget } from '../core/query';
import { isControlPath } from '../core/control-table';
import { createCore } from '../core/pipeline';
import { plainRequest } from '../adapters/node-request';
import { sendAnswer } from '../adapters/send-answer';
import { serveWithCore } from '../adapters/node-listener';

export interface ProxyOptions {
  /** The deployment's base address (`http://` or `https://`). */
  upstream: string;
  /** Sent as X-API-TOKEN when a client sends no token. */
  token?: string;
  /** How long the deployment may stay silent; 10 s by default. */
  timeoutMs?: number;
  /** Receives one line per request; nothing is logged without it. */
  log?: (line: string) => void;
  /** Read the article around every write and judge the write as a whole (write-judging.ts). */
  judgeWrites?: boolean;
  /** Who may drive the proxy (security/guard.ts); the host check and the control API's rules by default. */
  security?: SecurityPolicy;
  /** Shown every answer to an interface operation, judged or not (how --record learns the site). */
  onAnswer?: (seen: SeenAnswer) => void;
}

export interface ValidatingProxy {
  listener: RequestListener;
  violations: ViolationLog;
  journal: RequestJournal;
}

export const defaultProxyTimeoutMs = 10_000;

export function createProxy(options: ProxyOptions): ValidatingProxy {
  const upstream: Upstream = {
    base: new URL(options.upstream),
    timeoutMs: options.timeoutMs ?? defaultProxyTimeoutMs,
    ...(options.token !== undefined ? { token: options.token } : {}),
  };
  const violations = new ViolationLog();
  const journal = new RequestJournal(200, journalMaxBytes, options.token);
  const mask = (target: string): string => maskToken(target, options.token);
  const context: ProxyContext = { upstream, violations, journal, mask, options };

  // The control API is served by a core of its own, with no operations (the proxy forwards those)
  // and the same guard as every forwarded request.
  const guard = securityGuard(options.security ?? { allowedHosts: [] });
  const control = createCore({ control: proxyControl({ violations, journal }), guards: [guard] });
  const listener: RequestListener = (request, response) => {
    const target = request.url ?? '/';
    const { path } = splitTarget(target);
    if (isControlPath(path)) {
      serveWithCore(control, request, response);
      return;
    }
    const refusal = guard(plainRequest(request), path);
    if (refusal) {
      sendAnswer(response, refusal);
      return;
    }
    // A client configured to use this as a forward proxy sends absolute addresses; only paths are forwarded.
    if (!target.startsWith('/')) {
      sendJson(response, 400, {
        message: 'The proxy takes request paths such as /admin/api/articles/1, not absolute addresses.',
      });
      return;
    }
    passThrough(context, request, response, target).catch((error: unknown) => {
      // Whatever went wrong in judging or recording, the client gets an answer and the proxy lives on.
      options.log?.(
        `proxy: ${request.method ?? ''} ${mask(target)} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (!response.headersSent) sendJson(response, 502, { message: 'The proxy could not pass this answer on.' });
      else response.destroy();
    });
  };
  return { listener, violations, journal };
}
