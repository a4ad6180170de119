/**
 * Is a concurrent history linearizable? The Wing & Gong search: place, one at a time, an operation
 * that no unplaced operation must precede (one that answered before it was sent), as long as the
 * model allows what it answered; backtrack when stuck. A set of (placed operations, model state)
 * pairs already found to lead nowhere is remembered, as Porcupine and Knossos do, so a history of
 * a dozen overlapping requests is decided in milliseconds. A caller may also give a `prune`: a
 * necessary condition (each key's part alone, by-key.ts) that ends a branch as soon as no order of
 * what is left could succeed, instead of after trying every subset of it. Written here because no
 * JavaScript checker exists to reuse; it knows nothing of HTTP or of this interface (model.ts does).
 */

/** One operation as it was seen: when it was sent, and when its answer came (never, if it did not). */
export interface Observed<Op> {
  op: Op;
  sentAt: number;
  /** Undefined when no answer came: the operation may have taken effect or not. */
  answeredAt: number | undefined;
}

export interface Model<State, Op> {
  /** Every state the operation may leave from `state`, given what it answered; none when it could not answer so. */
  step(state: State, op: Op): State[];
  /** Whether the operation leaves every state as it is, whatever it answered (a read). */
  changesNothing(op: Op): boolean;
  /** Equal states give equal keys (for the memo). */
  key(state: State): string;
  /** Why `op` could not answer as it did from `state`, for the report. */
  explain(state: State, op: Op): string;
}

/** Why no order of the unplaced operations can succeed from `state`, or undefined when some may. */
export type Prune<State> = (state: State, placed: boolean[]) => Stuck | undefined;

export interface Stuck {
  index: number;
  why: string;
}

export interface SearchOptions<State> {
  /** Search steps before giving up as undecided. */
  limit?: number;
  prune?: Prune<State>;
}

export type Verdict =
  | { kind: 'linearizable'; order: number[] }
  | { kind: 'not linearizable'; placed: number[]; stuck: Stuck[] }
  | { kind: 'undecided'; steps: number };

/** A stuck operation whose reason is written out only if it ends up in the verdict: most dead ends are forgotten. */
interface DeadEnd {
  index: number;
  why: () => string;
}

interface Search<State, Op> {
  model: Model<State, Op>;
  history: Observed<Op>[];
  dead: Set<string>;
  steps: number;
  limit: number;
  prune: Prune<State> | undefined;
  /** The longest run of placed operations seen, and why each next one failed there. */
  best: { placed: number[]; stuck: DeadEnd[] };
}

function noteDeadEnd<State, Op>(run: Search<State, Op>, order: number[], stuck: DeadEnd[]): void {
  if (order.length >= run.best.placed.length) run.best = { placed: order, stuck };
}

/** Operation `index` may go next when no unplaced other one answered before it was sent. */
function mayGoNext<Op>(history: Observed<Op>[], placed: boolean[], index: number): boolean {
  const sentAt = history[index]?.sentAt ?? 0;
  return history.every(
    (other, at) => at === index || placed[at] === true || other.answeredAt === undefined || other.answeredAt >= sentAt,
  );
}

function search<State, Op>(run: Search<State, Op>, state: State, placed: boolean[], order: number[]): number[] | null {
  if (order.length === run.history.length) return order;
  const memo = `${placed.map((is) => (is ? '1' : '0')).join('')}|${run.model.key(state)}`;
  if (run.dead.has(memo)) return null;
  run.steps += 1;
  if (run.steps > run.limit) throw new Undecided();
  const hopeless = run.prune?.(state, placed);
  if (hopeless) {
    noteDeadEnd(run, order, [{ index: hopeless.index, why: () => hopeless.why }]);
    run.dead.add(memo);
    return null;
  }
  const { moves, stuck } = movesFrom(run, state, placed);
  for (const { index, next } of moves) {
    placed[index] = true;
    for (const after of next) {
      const found = search(run, after, placed, [...order, index]);
      if (found) return found;
    }
    placed[index] = false;
  }
  noteDeadEnd(run, order, stuck);
  run.dead.add(memo);
  return null;
}

/**
 * The operations that may go next and the states each may leave. An operation that changes nothing
 * (a read) and may go next and fits the state now is the only move tried: any order that succeeds
 * from here still succeeds with it moved to the front (it changes nothing the others see, and
 * nothing had to precede it), so trying the others first would only walk the orders of reads.
 */
function movesFrom<State, Op>(
  run: Search<State, Op>,
  state: State,
  placed: boolean[],
): { moves: { index: number; next: State[] }[]; stuck: DeadEnd[] } {
  const moves: { index: number; next: State[] }[] = [];
  const stuck: DeadEnd[] = [];
  for (let index = 0; index < run.history.length; index += 1) {
    const seen = run.history[index];
    if (placed[index] === true || !seen || !mayGoNext(run.history, placed, index)) continue;
    const next = run.model.step(state, seen.op);
    if (next.length === 0) stuck.push({ index, why: () => run.model.explain(state, seen.op) });
    else if (run.model.changesNothing(seen.op) && next.length === 1) return { moves: [{ index, next }], stuck };
    else moves.push({ index, next });
  }
  return { moves, stuck };
}

class Undecided extends Error {}

/** Whether some order of `history`, allowed by real time and by `model` from `initial`, explains every answer. */
export function checkLinearizable<State, Op>(
  model: Model<State, Op>,
  initial: State,
  history: Observed<Op>[],
  { limit = 200_000, prune }: SearchOptions<State> = {},
): Verdict {
  const run: Search<State, Op> = {
    model,
    history,
    dead: new Set(),
    steps: 0,
    limit,
    prune,
    best: { placed: [], stuck: [] },
  };
  try {
    const order = search(
      run,
      initial,
      history.map(() => false),
      [],
    );
    if (order) return { kind: 'linearizable', order };
    const stuck = run.best.stuck.map(({ index, why }) => ({ index, why: why() }));
    return { kind: 'not linearizable', placed: run.best.placed, stuck };
  } catch (error) {
    if (error instanceof Undecided) return { kind: 'undecided', steps: run.steps };
    throw error;
  }
}
