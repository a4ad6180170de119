/**
 * What a run's clients learn as they go, shared by all of them (the checks' and the restore's) for
 * the command that runs them: the first setting problem (target-problem.ts), after which a client
 * that can be stopped sends nothing more; whether the target has accepted any write yet (which
 * tells a 403 asking for a token from one refusing a single write); and the requests under way,
 * each with when it was sent, for the progress lines ("waiting on ... for 10 s").
 */
import { isSuccessStatus } from 'site-articles-schemas/conformance';
import type { SentRequest } from './curl';
import type { TargetProblem } from './target-problem';

export interface Waiting {
  request: SentRequest;
  waitedMs: number;
}

export class TargetWatch {
  private first: TargetProblem | undefined;
  private readonly stopper = new AbortController();
  private accepted = false;
  private readonly underWay = new Set<{ request: SentRequest; sentAt: number }>();

  /** The first setting problem a client found, if any. */
  get problem(): TargetProblem | undefined {
    return this.first;
  }

  /** Aborted at the first setting problem, with it as the reason. */
  get stopped(): AbortSignal {
    return this.stopper.signal;
  }

  /** Keeps the first problem found and stops the clients that can be stopped; gives `problem` back to throw. */
  found(problem: TargetProblem): TargetProblem {
    if (!this.first) {
      this.first = problem;
      this.stopper.abort(problem);
    }
    return problem;
  }

  get writeAccepted(): boolean {
    return this.accepted;
  }

  /** Told of every answer: a 2xx to anything but a read is a write the target accepted. */
  answered(request: SentRequest, status: number): void {
    if (request.method !== 'GET' && isSuccessStatus(status)) this.accepted = true;
  }

  /** Notes a request as sent; the function it gives back notes it as answered or failed. */
  sending(request: SentRequest): () => void {
    const entry = { request, sentAt: performance.now() };
    this.underWay.add(entry);
    return () => this.underWay.delete(entry);
  }

  /** The request under way that has waited longest, if any. */
  longestWaiting(now = performance.now()): Waiting | undefined {
    let oldest: { request: SentRequest; sentAt: number } | undefined;
    for (const entry of this.underWay) if (!oldest || entry.sentAt < oldest.sentAt) oldest = entry;
    return oldest && { request: oldest.request, waitedMs: now - oldest.sentAt };
  }
}
