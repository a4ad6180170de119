/**
 * Which operations of the interface (4.1 to 4.6) meet at once: the plan of the concurrency bursts
 * as a matrix, every pair of the six operations (the same one twice included) in at least one
 * burst on one article and in at least one across two, and what really met (two requests meet when
 * each left before the other was answered).
 */

/** The six operations: read an article, full update, set a key, remove a key, list comments, post a comment. */
export const meetingKinds = ['read', 'update', 'set', 'remove', 'list', 'post'] as const;
export type MeetingKind = (typeof meetingKinds)[number];

/** One request of a burst: what it does, and on which of the burst's articles (0: the check's own). */
export interface Slot {
  kind: MeetingKind;
  article: 0 | 1;
}

/** On one article, or one request on each of two. */
export type Where = 'same' | 'across';

/** The name of an unordered pair of operations, in the order of `meetingKinds`. */
export const pairOf = (one: MeetingKind, other: MeetingKind): string =>
  meetingKinds.indexOf(one) <= meetingKinds.indexOf(other) ? `${one}+${other}` : `${other}+${one}`;

/** Every unordered pair of `kinds`, each with itself too. */
export function pairsAmong(kinds: readonly MeetingKind[], involving?: readonly MeetingKind[]): string[] {
  const pairs = kinds.flatMap((one, at) => kinds.slice(at).map((other) => pairOf(one, other)));
  return involving ? pairs.filter((pair) => involving.some((kind) => pair.split('+').includes(kind))) : pairs;
}

/** The pairs a burst's requests make on one article or across two, whether or not they met in time. */
function pairsIn(burst: Slot[], where: Where): Set<string> {
  const pairs = new Set<string>();
  burst.forEach((one, at) => {
    for (const other of burst.slice(at + 1))
      if ((one.article === other.article) === (where === 'same')) pairs.add(pairOf(one.kind, other.kind));
  });
  return pairs;
}

export interface MeetingPlan {
  /** Each burst's requests; a burst never holds more than the size asked. */
  bursts: Slot[][];
  /** Pairs no burst could hold within the size and the posts allowed. */
  unplanned: string[];
}

export interface PlanOptions {
  /** Requests in one burst (`--concurrency`). */
  size: number;
  /** The operations the bursts may send. */
  kinds: readonly MeetingKind[];
  /** The pairs that must meet. */
  pairs: string[];
  where: Where;
  /** Posts cannot be undone: the most of them the plan sends on each article. */
  postsPerArticle: number;
}

/** Filler after the pairs are planned, so a burst has as many requests as asked (the bursts of 64). */
const filler: MeetingKind[] = ['set', 'remove', 'read', 'update'];

/**
 * Bursts that hold every pair asked, built greedily: each burst takes, request by request, the one
 * that completes most pairs still missing, within the size and the posts allowed; then it is filled
 * up to the size with key writes, removals, reads and full updates.
 */
export function planMeetings(options: PlanOptions): MeetingPlan {
  const missing = new Set(options.pairs);
  const articles: (0 | 1)[] = options.where === 'across' ? [0, 1] : [0];
  const slots = options.kinds.flatMap((kind) => articles.map((article) => ({ kind, article })));
  const posted = [0, 0];
  const bursts: Slot[][] = [];
  while (missing.size > 0) {
    const burst = nextBurst(options, slots, missing, posted);
    const found = [...pairsIn(burst, options.where)].filter((pair) => missing.has(pair));
    if (found.length === 0) break;
    for (const pair of found) missing.delete(pair);
    for (const slot of burst) if (slot.kind === 'post') posted[slot.article] = (posted[slot.article] ?? 0) + 1;
    bursts.push(burst);
  }
  const filled = bursts.map((burst) => [
    ...burst,
    ...Array.from({ length: Math.max(0, options.size - burst.length) }, (_, at) => ({
      kind: filler[Math.floor(at / articles.length) % filler.length] ?? 'read',
      article: articles[at % articles.length] ?? 0,
    })),
  ]);
  return { bursts: filled, unplanned: [...missing] };
}

function nextBurst(options: PlanOptions, slots: Slot[], missing: Set<string>, posted: number[]): Slot[] {
  const burst: Slot[] = [];
  const allowed = (slot: Slot): boolean =>
    slot.kind !== 'post' ||
    (posted[slot.article] ?? 0) + burst.filter((one) => one.kind === 'post' && one.article === slot.article).length <
      options.postsPerArticle;
  const gain = (slot: Slot): number =>
    [...pairsIn([...burst, slot], options.where)].filter(
      (pair) => missing.has(pair) && !pairsIn(burst, options.where).has(pair),
    ).length;
  while (burst.length < options.size) {
    const ranked = slots.filter(allowed).map((slot) => ({ slot, gain: gain(slot) }));
    const best = ranked.reduce<{ slot: Slot; gain: number } | undefined>(
      (top, one) => (top === undefined || one.gain > top.gain ? one : top),
      undefined,
    );
    if (best && best.gain > 0) burst.push(best.slot);
    else if (burst.length === 0) {
      const opening = openingPair(options, missing, (slot) => allowed(slot));
      if (!opening) break;
      burst.push(...opening);
    } else break;
  }
  return burst;
}

/**
 * The first two requests of a burst: the two halves of a missing pair, posts first (they are capped,
 * so a pair of two posts must be planned before the posts are spent on other pairs).
 */
function openingPair(options: PlanOptions, missing: Set<string>, allowed: (slot: Slot) => boolean): Slot[] | undefined {
  const posts = (pair: string): number => pair.split('+').filter((kind) => kind === 'post').length;
  for (const pair of [...missing].sort((one, other) => posts(other) - posts(one))) {
    const [one, other] = pair.split('+') as [MeetingKind, MeetingKind];
    const first: Slot = { kind: one, article: 0 };
    const second: Slot = { kind: other, article: options.where === 'across' ? 1 : 0 };
    const both = one === 'post' && other === 'post' && options.where === 'same' ? 2 : 1;
    if (allowed(first) && allowed(second) && (both === 1 || options.postsPerArticle >= 2)) return [first, second];
  }
  return undefined;
}

/** A request of a burst as it went: its operation, article, and when it left and was answered. */
export interface Met {
  kind: MeetingKind;
  article: number;
  sentAt: number;
  answeredAt: number | undefined;
}

const overlap = (one: Met, other: Met): boolean =>
  one.sentAt < (other.answeredAt ?? Infinity) && other.sentAt < (one.answeredAt ?? Infinity);

/** The pairs that were in flight together, on one article and across two. */
export function metPairs(requests: Met[]): Record<Where, Set<string>> {
  const met = { same: new Set<string>(), across: new Set<string>() };
  requests.forEach((one, at) => {
    for (const other of requests.slice(at + 1))
      if (overlap(one, other)) met[one.article === other.article ? 'same' : 'across'].add(pairOf(one.kind, other.kind));
  });
  return met;
}

/** What met over a run, and what the bursts were planned to make meet. */
export class MeetingTally {
  readonly met = { same: new Set<string>(), across: new Set<string>() };

  record(requests: Met[]): void {
    const found = metPairs(requests);
    for (const where of ['same', 'across'] as const) for (const pair of found[where]) this.met[where].add(pair);
  }
}
