/**
 * The validating proxy's stage of the core, in the place of the mock's operations (core/pipeline.ts:
 * route, guard, then forward instead of a rule, then judge): the request, routed once by the core,
 * is sent on to the deployment byte for byte, and the deployment's answer comes back as the core's
 * plain answer, unchanged but for the proxy's own headers, judged first when it is an operation of
 * section 4 (and with --judge-writes the write with the reads around it). The core's one writer sends
 * it, and its one journal record and log line keep it, with what this stage found.
 */
import type { Kept, ForwardStage } from '../core/pipeline';
import { jsonAnswer } from '../core/answers';
import type { OperationRoute } from '../core/operation-routes';
import type { PlainAnswer, PlainRequest } from '../core/plain';
import type { Routed } from '../core/route-list';
import { maskToken } from '../journal/mask-token';
import { headerText, tapBody, type Judgement } from './judge-answer';
import { countsOf } from './violations';
import { forward, type UpstreamAnswer } from './forward';
import { endToEndRequestHeaders } from './headers';
import { judgeAndReport, type ProxyContext } from './report';
import { judgedRequest, type RoutedRequest } from './route';
import { describeUpstreamFailure } from './upstream-errors';
import { isWrite, readArticleAround, readCredentials } from './write-reads';

/** Where the deployment lets browsers call it from elsewhere, they may read the proxy's headers too. */
function exposed(answer: UpstreamAnswer, names: string[]): Record<string, string> {
  if (names.length === 0 || answer.headers['access-control-allow-origin'] === undefined) return {};
  const listed = headerText(answer.headers['access-control-expose-headers']);
  return { 'access-control-expose-headers': [listed, ...names].filter(Boolean).join(', ') };
}

/** The proxy's own headers on a judged answer: the deployment's violations, the client's findings, or why it was not judged. */
function judgementHeaders(judgement: Judgement | undefined): Record<string, string> {
  if (!judgement) return {};
  if (!judgement.judged) return { 'x-mock-not-judged': judgement.reason };
  const { deployment, client } = judgement.findings;
  return {
    ...(deployment.length > 0 ? { 'x-mock-violations': String(deployment.length) } : {}),
    ...(client.length > 0 ? { 'x-mock-client-findings': String(client.length) } : {}),
  };
}

/** The rest of a body over 1 MB, after its first part, as it arrives; one the deployment breaks off fails. */
async function* relayed(answer: UpstreamAnswer): AsyncIterable<Uint8Array> {
  const { rest } = answer;
  yield answer.head;
  if (!rest) return;
  try {
    for await (const chunk of rest) yield chunk as Uint8Array;
    if (!rest.complete) throw new Error('the deployment broke off its answer');
  } finally {
    rest.destroy();
  }
}

/** The deployment's answer as the core sends it: a whole body is sent with its own length; HEAD gets the head alone. */
function answerOf(request: PlainRequest, answer: UpstreamAnswer, judgement: Judgement | undefined): PlainAnswer {
  const own = judgementHeaders(judgement);
  const headers = { ...answer.headers, ...own, ...exposed(answer, Object.keys(own)) } as PlainAnswer['headers'];
  if (answer.rest) return { status: answer.status, headers, relayed: relayed(answer) };
  if (request.method === 'HEAD') return { status: answer.status, headers };
  const { 'content-length': _length, ...sized } = headers;
  return { status: answer.status, headers: sized, body: answer.head };
}

function keptBody(body: Buffer | undefined, secrets: string[]): Uint8Array {
  if (body === undefined) return new Uint8Array(0);
  if (secrets.length === 0) return body;
  const text = body.toString('utf8');
  const masked = secrets.reduce((kept, secret) => maskToken(kept, secret), text);
  return masked === text ? body : Buffer.from(masked);
}

/** Unjudged, the answer body is kept only when whole and not encoded; a judged one was decoded for judging. */
const keptAnswerBody = (answer: UpstreamAnswer, judgement: Judgement | undefined): Buffer | undefined =>
  judgement?.judged
    ? judgement.body
    : answer.rest || answer.headers['content-encoding'] !== undefined
      ? undefined
      : answer.head;

/** A request without a body where the runtime cannot stream one. */
async function* noBody(): AsyncIterable<Uint8Array> {}

/** One request forwarded and, when it is an operation, judged; `kept` gets what the journal shows of it. */
async function forwardOne(
  context: ProxyContext,
  request: PlainRequest,
  judged: RoutedRequest | undefined,
  kept: Kept,
): Promise<PlainAnswer> {
  const { upstream, options } = context;
  const target = request.url;
  const headers = endToEndRequestHeaders(request.headers);
  const credentials = readCredentials(headers, target);
  const secrets = [...credentials.secrets, ...(upstream.token ? [upstream.token] : [])];
  const watched = options.judgeWrites === true && judged !== undefined && isWrite(judged) ? judged : undefined;
  // Read before anything is forwarded: the request body waits, unread, until it is passed on below.
  const before = watched && (await readArticleAround(upstream, watched, credentials, 'before'));
  const aborter = new AbortController();
  const stopWatching = request.onClientGone?.(() => {
    aborter.abort();
  });
  const tapped = tapBody(request.body.stream?.() ?? noBody());
  let answer: UpstreamAnswer;
  try {
    answer = await forward(upstream, {
      method: request.method,
      target,
      headers,
      body: tapped.body,
      signal: aborter.signal,
    });
  } catch (error) {
    const failure = describeUpstreamFailure(error, upstream.base.origin, upstream.timeoutMs);
    if (judged) options.onAnswer?.({ route: judged, target, status: failure.status, clean: false });
    kept.requestBody = keptBody(tapped.kept(), secrets);
    return jsonAnswer(failure.status, { message: failure.message });
  } finally {
    stopWatching?.();
  }
  const judgement = judged
    ? await judgeAndReport(context, {
        route: judged,
        target,
        answer,
        requestBody: () => tapped.kept(),
        watched,
        before,
        credentials,
        secrets,
      })
    : undefined;
  kept.requestBody = keptBody(tapped.kept(), secrets);
  kept.answerBody = keptBody(keptAnswerBody(answer, judgement), secrets);
  if (judgement?.judged) kept.findings = countsOf(judgement.findings);
  return answerOf(request, answer, judgement);
}

/** The forwarding stage of a proxy's core over `context`. */
export function forwardStage(context: ProxyContext): ForwardStage {
  return async (request: PlainRequest, route: OperationRoute | undefined, routed: Routed, kept: Kept) => {
    // A client configured to use this as a forward proxy sends absolute addresses; only paths are forwarded.
    if (!request.url.startsWith('/'))
      return jsonAnswer(400, {
        message: 'The proxy takes request paths such as /admin/api/articles/1, not absolute addresses.',
      });
    const judged = judgedRequest(request.method, route, routed.rawParams);
    try {
      return await forwardOne(context, request, judged, kept);
    } catch (error) {
      // Whatever went wrong in judging or recording, the client gets an answer and the proxy lives on.
      const reason = error instanceof Error ? error.message : String(error);
      context.options.log?.(`proxy: ${request.method} ${context.mask(request.url)} failed: ${reason}`);
      return jsonAnswer(502, { message: 'The proxy could not pass this answer on.' });
    }
  };
}
