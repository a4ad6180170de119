/**
 * What the proxy found: the reports `GET /__mock/violations` lists (bounded, oldest dropped first)
 * and the counts behind the one-line summary printed at exit. A finding about the client's request
 * (`request-shape`: a payload off its stated shape) says nothing of the deployment, so it is kept
 * and counted apart from the deployment's violations: a correct deployment behind a client that
 * sends bad payloads does not read as broken.
 */
import type { Violation } from 'site-articles-schemas/conformance';
import { counted } from '../journal/counted';
import { maskToken } from '../journal/mask-token';

/** The rules that judge what the client sent rather than what the deployment did. */
const aboutTheClient: ReadonlySet<string> = new Set(['request-shape']);

/** One exchange's findings: the deployment's violations of the interface, and what the client's request broke. */
export interface Findings {
  deployment: Violation[];
  client: Violation[];
}

export const findingsOf = (violations: Violation[]): Findings => ({
  deployment: violations.filter((found) => !aboutTheClient.has(found.rule)),
  client: violations.filter((found) => aboutTheClient.has(found.rule)),
});

export const countsOf = (findings: Findings): { deployment: number; client: number } => ({
  deployment: findings.deployment.length,
  client: findings.client.length,
});

export interface ViolationReport {
  at: string;
  method: string;
  /** The request path, tokens masked. */
  path: string;
  operation: string;
  /** What the deployment did against the interface. */
  violations: Violation[];
  /** What the client's request broke (its payload off its stated shape): not the deployment's fault. */
  clientFindings: Violation[];
  /** With --judge-writes: the reads the write was judged from (another client may write between them). */
  reads?: string[];
}

/** A report with every token the exchange carried masked, should an answer have echoed one. */
export function withoutSecrets(report: ViolationReport, secrets: string[]): ViolationReport {
  const clean = (text: string): string => secrets.reduce((masked, secret) => maskToken(masked, secret), text);
  const cleaned = (found: Violation): Violation => ({
    ...found,
    expected: clean(found.expected),
    actual: clean(found.actual),
  });
  return { ...report, violations: report.violations.map(cleaned), clientFindings: report.clientFindings.map(cleaned) };
}

/** Interface requests answered 404 before one answered anything else: all of them points at a wrong base path. */
const notFoundsBeforeHint = 3;

export class ViolationLog {
  private readonly reports: ViolationReport[] = [];
  private judged = 0;
  private unjudged = 0;
  private withViolations = 0;
  private withClientFindings = 0;
  /** Interface requests answered so far, and whether every one was a 404. */
  private answered = 0;
  private onlyNotFound = true;

  constructor(
    private readonly capacity = 1000,
    /** Told once, when the first interface requests all answer 404. */
    private readonly onWrongBase: (hint: string) => void = () => undefined,
    /** The deployment's address as given, for the hint. */
    private readonly upstream = '',
  ) {}

  /** Counts one judged exchange and keeps its report when it found something. */
  judge(report: ViolationReport): void {
    this.judged += 1;
    if (report.violations.length > 0) this.withViolations += 1;
    if (report.clientFindings.length > 0) this.withClientFindings += 1;
    if (report.violations.length + report.clientFindings.length === 0) return;
    this.reports.push(report);
    if (this.reports.length > this.capacity) this.reports.splice(0, this.reports.length - this.capacity);
  }

  /** An exchange of the interface that passed through without a judgement (a body over 1 MB). */
  skip(): void {
    this.unjudged += 1;
  }

  /** The status each interface request got, judged or not: the hint of a wrong base path is given from these. */
  status(status: number): void {
    this.answered += 1;
    this.onlyNotFound &&= status === 404;
    if (this.onlyNotFound && this.answered === notFoundsBeforeHint) this.onWrongBase(`proxy: ${this.wrongBaseHint()}`);
  }

  list(): ViolationReport[] {
    return structuredClone(this.reports);
  }

  clear(): void {
    this.reports.length = 0;
  }

  private wrongBaseHint(): string {
    return `every interface request so far answered 404: is ${this.upstream || 'the deployment'} the right base address (its base path, such as /v1, included)?`;
  }

  summary(): string {
    const violations = this.reports.reduce((total, report) => total + report.violations.length, 0);
    const clientFindings = this.reports.reduce((total, report) => total + report.clientFindings.length, 0);
    const hint = this.answered > 0 && this.onlyNotFound ? `; ${this.wrongBaseHint()}` : '';
    return (
      `proxy: ${counted(this.judged, 'exchange')} judged, ${String(this.withViolations)} with violations ` +
      `(${String(violations)} listed), ${String(this.withClientFindings)} with client findings ` +
      `(${String(clientFindings)} listed), ${String(this.unjudged)} not judged (body over 1 MB)${hint}`
    );
  }
}
