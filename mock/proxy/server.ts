/**
 * The validating proxy (`npm start -- --proxy <base-url>`): the core's one pipeline with the
 * forwarding stage in the place of the mock's operations (forward-stage.ts). Every request is routed
 * once; the control API, the workbench and the guard are the mock's; every other request is
 * forwarded to the deployment and its answer handed back unchanged, each exchange of an interface
 * operation (section 4) judged on the way. A violation adds `X-Mock-Violations: <count>` to the
 * answer, marks the journal entry and is listed under `/__mock/violations`. The deployment failing
 * gives the client a 502/504, never a crash.
 */
import type { RequestListener } from 'node:http';
import { nodeListener } from '../adapters/node-listener';
import { createCore } from '../core/pipeline';
import { maskToken } from '../journal/mask-token';
import { journalMaxBytes, journalRecorder, recordCoreAnswer } from '../journal/record-exchange';
import { RequestJournal } from '../journal/request-journal';
import { securityGuard, type SecurityPolicy } from '../security/request-guard';
import { proxyControl } from './control';
import type { Upstream } from './forward';
import { forwardStage } from './forward-stage';
import type { SeenAnswer } from './site-recorder';
import type { ProxyContext } from './report';
import { ViolationLog } from './violations';

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
  /** Who may drive the proxy (security/request-guard.ts); the host check and the control API's rules by default. */
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

/** The deployment's address as the user gave it, base path included, without a trailing slash. */
export const upstreamAddress = (upstream: URL): string => `${upstream.origin}${upstream.pathname.replace(/\/$/, '')}`;

export function createProxy(options: ProxyOptions): ValidatingProxy {
  const upstream: Upstream = {
    base: new URL(options.upstream),
    timeoutMs: options.timeoutMs ?? defaultProxyTimeoutMs,
    ...(options.token !== undefined ? { token: options.token } : {}),
  };
  const violations = new ViolationLog(1000, (hint) => options.log?.(hint), upstreamAddress(upstream.base));
  const journal = new RequestJournal(200, journalMaxBytes, options.token);
  const mask = (target: string): string => maskToken(target, options.token);
  const context: ProxyContext = { upstream, violations, mask, options };
  const security = options.security ?? { allowedHosts: [] };
  const core = createCore({
    forward: forwardStage(context),
    control: proxyControl({
      violations,
      journal,
      controlToken: security.controlToken,
      upstream: upstreamAddress(upstream.base),
    }),
    guards: [securityGuard(security)],
    answered: recordCoreAnswer(journalRecorder(journal, options.log, options.token)),
  });
  return { listener: nodeListener({ core }), violations, journal };
}
