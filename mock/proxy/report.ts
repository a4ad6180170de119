/**
 * The stage after the deployment's answer: one exchange of an interface operation judged (and,
 * with --judge-writes, the write with the reads around it), reported to the violation log, and
 * shown to the recorder (--record).
 */
import type { Upstream, UpstreamAnswer } from './forward';
import { headerText, judgeAnswer, type Judgement } from './judge-answer';
import type { SeenAnswer } from './site-recorder';
import type { RoutedRequest } from './route';
import { withoutSecrets, type ViolationLog, type ViolationReport } from './violations';
import { judgeWriteThrough } from './write-judging';
import type { readArticleAround, readCredentials } from './write-reads';

export interface ProxyContext {
  upstream: Upstream;
  violations: ViolationLog;
  /** Masks tokens in a request target before it is kept or printed. */
  mask: (target: string) => string;
  options: {
    judgeWrites?: boolean;
    log?: (line: string) => void;
    onAnswer?: (seen: SeenAnswer) => void;
  };
}

export interface ToReport {
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
export async function judgeAndReport(context: ProxyContext, exchange: ToReport): Promise<Judgement> {
  const { upstream, violations, mask, options } = context;
  const { route, target, answer, requestBody, watched, before, credentials, secrets } = exchange;
  violations.status(answer.status);
  const judgement = judgeAnswer(route, answer, requestBody());
  if (!judgement.judged) {
    violations.skip();
    options.onAnswer?.({ route, target, status: answer.status, clean: false });
    return judgement;
  }
  const { findings } = judgement;
  const report: ViolationReport = {
    at: new Date().toISOString(),
    method: route.operation.method,
    path: mask(target),
    operation: route.operation.id,
    violations: findings.deployment,
    clientFindings: findings.client,
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
    findings.deployment.push(...write.violations);
    report.reads = write.reads.map(mask);
  }
  violations.judge(withoutSecrets(report, secrets));
  options.onAnswer?.({
    route,
    target,
    status: answer.status,
    body: judgement.body,
    clean: findings.deployment.length === 0,
  });
  return judgement;
}
