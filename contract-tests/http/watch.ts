/**
 * What a run's clients learn as they go, shared by all of them (the checks' and the restore's) for
 * the command that runs them: the first setting problem (target-problem.ts), after which a client
 * that can be stopped sends nothing more.
 */
import type { TargetProblem } from './target-problem';

export class TargetWatch {
  private first: TargetProblem | undefined;
  private readonly stopper = new AbortController();

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
}
