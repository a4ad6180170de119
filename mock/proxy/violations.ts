/**
 * What the proxy found: the reports `GET /__mock/violations` lists (bounded, oldest dropped first)
 * and the counts behind the one-line summary printed at exit.
 */
import { maskToken } from '../journal/mask-token';
import type { Violation } from 'site-articles-schemas/conformance';

export interface ViolationReport {
  at: string;
  method: string;
  /** The request path, tokens masked. */
  path: string;
  operation: string;
  violations: Violation[];
  /** With --judge-writes: the reads the write was judged from (another client may write between them). */
  reads?: string[];
}

/** A report with every token the exchange carried masked, should an answer have echoed one. */
export function withoutSecrets(report: ViolationReport, secrets: string[]): ViolationReport {
  const clean = (text: string): string => secrets.reduce((masked, secret) => maskToken(masked, secret), text);
  return {
    ...report,
    violations: report.violations.map((found) => ({
      ...found,
      expected: clean(found.expected),
      actual: clean(found.actual),
    })),
  };
}

export class ViolationLog {
  private readonly reports: ViolationReport[] = [];
  private judged = 0;
  private unjudged = 0;
  private withViolations = 0;

  constructor(private readonly capacity = 1000) {}

  /** Counts one judged exchange and keeps its report when it found something. */
  judge(report: ViolationReport): void {
    this.judged += 1;
    if (report.violations.length === 0) return;
    this.withViolations += 1;
    this.reports.push(report);
    if (this.reports.length > this.capacity) this.reports.splice(0, this.reports.length - this.capacity);
  }

  /** An exchange of the interface that passed through without a judgement (a body over 1 MB). */
  skip(): void {
    this.unjudged += 1;
  }

  list(): ViolationReport[] {
    return structuredClone(this.reports);
  }

  clear(): void {
    this.reports.length = 0;
  }

  summary(): string {
    const count = this.reports.reduce((total, report) => total + report.violations.length, 0);
    return (
      `proxy: ${this.judged} exchanges judged, ${this.withViolations} with violations ` +
      `(${count} listed), ${this.unjudged} not judged (body over 1 MB)`
    );
  }
}
