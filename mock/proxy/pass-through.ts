/**
 * One request through the proxy: forwarded, its answer judged (and with --judge-writes the write
 * too), reported, journalled and sent back unchanged but for the proxy's own headers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatLogLine, maskToken } from '../journal/mask-token';
import type { RequestJournal } from '../journal/request-journal';
import { sendJson } from './send-json';
import { headerText, judgeAnswer, tapBody, type Judgement } from './exchange';
import { forward, type Upstream, type UpstreamAnswer } from './forward';
import { endToEndHeaders } from './headers';
import type { SeenAnswer } from './recorder';
import { routeOf, type RoutedRequest } from './route';
import { describeUpstreamFailure } from './upstream-errors';
import { withoutSecrets, type ViolationLog, type ViolationReport } from './violations';
import { judgeWriteThrough } from './write-judging';
import { isWrite, readArticleAround, readCredentials } from './write-reads';

export interface ProxyContext {
  upstream: Upstream;
  violations: ViolationLog;
  journal: RequestJournal;
  /** Masks tokens in a request target before it is kept or printed. */
  mask: (target: string) => string;
  options: {
    judgeWrites?: boolean;
    log?: (line: string) => void;
    onAnswer?: (seen: SeenAnswer) => void;
  };
}

/** Where the deployment lets browsers call it from elsewhere, they may read the proxy's headers too. */
function exposed(answer: UpstreamAnswer, names: string[]): Record<string, string> {
  if (names.length === 0 || answer.headers['access-control-allow-origin'] === undefined) return {};
  const listed = headerText(answer.headers['access-control-expose-headers']);
  return { 'access-control-expose-headers': [listed, ...names].filter(Boolean).join(', ') };
}

function sendAnswer(response: ServerResponse, answer: UpstreamAnswer, judgement: Judgement | undefined): void {
  const extra: Record<string, string> = {};
  if (judgement?.judged && judgement.violations.length > 0)
    extra['x-mock-violations'] = String(judgement.violations.length);
  if (judgement && !judgement.judged) extra['x-mock-not-judged'] = judgement.reason;
  response.writeHead(answer.status, { ...answer.headers, ...extra, ...exposed(answer, Object.keys(extra)) });
  const rest = answer.rest;
  if (!rest) {
    response.end(answer.head);
    return;
  }
  response.write(answer.head);
  // A deployment that breaks off mid-body: the client's connection is cut too, as it would be directly.
  rest.on('error', () => response.destroy()).on('aborted', () => response.destroy());
  response.on('close', () => rest.destroy());
  rest.pipe(response);
}

/** What the journal keeps of an exchange: the bodies the proxy held (each up to 1 MB), as the mock's journal does. */
interface Noted {
  status: number;
  headers?: UpstreamAnswer['headers'];
  requestBody?: Buffer | undefined;
  answerBody?: Buffer | undefined;
  found?: number | undefined;
  /** The tokens this exchange carried, masked in the kept bodies should the deployment echo one. */
  secrets?: string[];
}

function keptBody(body: Buffer | undefined, secrets: string[] = []): Buffer | undefined {
  if (body === undefined || secrets.length === 0) return body;
  const text = body.toString('utf8');
  const masked = secrets.reduce((kept, secret) => maskToken(kept, secret), text);
  return masked === text ? body : Buffer.from(masked);
}

function note(context: ProxyContext, request: IncomingMessage, target: string, started: bigint, noted: Noted): void {
  const { journal, mask, options } = context;
  const { status, found } = noted;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  // A body larger than the proxy holds streams through unread; the entry then keeps none.
  const none = new Uint8Array(0);
  journal.add(
    {
      method: request.method ?? '',
      url: target,
      headers: request.headers,
      body: keptBody(noted.requestBody, noted.secrets) ?? none,
    },
    {
      status,
      headers: noted.headers ?? {},
      body: keptBody(noted.answerBody, noted.secrets) ?? none,
      ...(found !== undefined && found > 0 ? { violations: found } : {}),
    },
    { at: Date.now(), ms },
  );
  const line = formatLogLine({ method: request.method ?? '', path: mask(target), status, ms });
  options.log?.(`${line}${found ? ` (${String(found)} violation${found === 1 ? '' : 's'})` : ''}`);
}

/** Unjudged, the body is kept only when whole and not encoded; a judged one was decoded for judging. */
const keptAnswerBody = (answer: UpstreamAnswer, judgement: Judgement | undefined): Buffer | undefined =>
  judgement?.judged
    ? judgement.body
    : answer.rest || answer.headers['content-encoding'] !== undefined
      ? undefined
      : answer.head;

interface ToReport {
  route: RoutedRequest;
  target: string;
  answer: UpstreamAnswer;
  requestBody: () => Buffer | undefined;
  watched: RoutedRequest | undefined;
  before: Awaited<ReturnType<typeof readArticleAround>> | undefined | false;
  credentials: ReturnType<typeof readCredentials>;
  secrets: string[];
}

/** The exchange judged (and, with --judge-writes, the write with the reads around it), reported and counted. */
async function judgeAndReport(context: ProxyContext, exchange: ToReport): Promise<Judgement> {
  const { upstream, violations, mask, options } = context;
  const { route, target, answer, requestBody, watched, before, credentials, secrets } = exchange;
  const judgement = judgeAnswer(route, answer, requestBody());
  if (!judgement.judged) {
    violations.skip();
    options.onAnswer?.({ route, target, status: answer.status, clean: false });
    return judgement;
  }
  const report: ViolationReport = {
    at: new Date().toISOString(),
    method: route.operation.method,
    path: mask(target),
    operation: route.operation.id,
    violations: judgement.violations,
  };
  const write =
    watched &&
    (await judgeWriteThrough(upstream, watched, credentials, before || undefined, {
      requestBody: requestBody(),
      status: answer.status,
      contentType: headerText(answer.headers['content-type']),
      body: judgement.body,
    }));
  if (write) {
    report.violations.push(...write.violations);
    report.reads = write.reads.map(mask);
  }
  violations.judge(withoutSecrets(report, secrets));
  options.onAnswer?.({
    route,
    target,
    status: answer.status,
    body: judgement.body,
    clean: report.violations.length === 0,
  });
  return judgement;
}

export async function passThrough(
  context: ProxyContext,
  request: IncomingMessage,
  response: ServerResponse,
  target: string,
): Promise<void> {
  const { upstream, options } = context;
  const started = process.hrtime.bigint();
  const method = request.method ?? 'GET';
  const route = routeOf(method, target);
  const headers = endToEndHeaders(request.rawHeaders);
  const credentials = readCredentials(headers, target);
  const secrets = [...credentials.secrets, ...(upstream.token ? [upstream.token] : [])];
  const watched = options.judgeWrites === true && route !== undefined && isWrite(route) ? route : undefined;
  // Read before anything is forwarded: the request body waits, paused, until it is tapped below.
  const before = watched && (await readArticleAround(upstream, watched, credentials, 'before'));
  const aborter = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) aborter.abort();
  });
  const requestBody = tapBody(request);
  let answer: UpstreamAnswer;
  try {
    answer = await forward(upstream, { method, target, headers, body: request, signal: aborter.signal });
  } catch (error) {
    const failure = describeUpstreamFailure(error, upstream.base.origin, upstream.timeoutMs);
    if (route) options.onAnswer?.({ route, target, status: failure.status, clean: false });
    if (!response.headersSent && !response.destroyed) sendJson(response, failure.status, { message: failure.message });
    note(context, request, target, started, {
      status: failure.status,
      requestBody: requestBody(),
      secrets,
    });
    return;
  }
  const judgement = route
    ? await judgeAndReport(context, { route, target, answer, requestBody, watched, before, credentials, secrets })
    : undefined;
  sendAnswer(response, answer, judgement);
  note(context, request, target, started, {
    status: answer.status,
    headers: answer.headers,
    requestBody: requestBody(),
    answerBody: keptAnswerBody(answer, judgement),
    found: judgement?.judged ? judgement.violations.length : undefined,
    secrets,
  });
}
