/**
 * A necessary condition for the linearizability search over one article's `data` (4.2 to 4.4),
 * key by key. A request still to place whose answer shows the data (a read, or a write answering
 * the Article) needs each key it shows to hold that value just before it, but for the keys it
 * writes itself. When the data holds another value and no request still to place may write the one
 * needed, no order of what is left can succeed: the search gives the branch up at once, instead of
 * after trying every subset of the other requests after the one placed too early.
 */
import { isReservedKey } from '../../generated/catalogue';
import { showValue } from '../difference';
import { isRecord, predictData } from '../predict';
import type { Observed, Prune } from './check';
import { canonical, isAccepted, isUnknown, type Data, type DataOperation } from './model';

const absent = '(absent)';
const codeOf = (data: Data, key: string): string => (Object.hasOwn(data, key) ? canonical(data[key]) : absent);

/** What an answer that shows the data says of the data just before its request. */
interface Needs {
  index: number;
  /** Keys with the value they must hold; absent ones only when `exact`. */
  values: Map<string, { code: string; value: unknown }>;
  /** Keys the request writes itself: nothing is known of them before it. */
  own: Set<string>;
  /** Whether every key in neither must be absent. */
  exact: boolean;
}

/** The keys a full update supplies (4.2; reserved ones are never written), when it sends `data`. */
export function suppliedKeys(payload: unknown): Set<string> | undefined {
  const article = isRecord(payload) ? payload.article : undefined;
  const sent = isRecord(article) ? article.data : undefined;
  return isRecord(sent) ? new Set(Object.keys(sent).filter((key) => !isReservedKey(key))) : undefined;
}

function needsOf(index: number, op: DataOperation): Needs | undefined {
  const shown = op.answer?.data;
  if (!isAccepted(op.answer) || shown === undefined) return undefined;
  const showing = (own: Set<string>, exact: boolean, keep = (key: string): boolean => !own.has(key)): Needs => ({
    index,
    values: new Map(
      Object.keys(shown)
        .filter(keep)
        .map((key) => [key, { code: canonical(shown[key]), value: shown[key] }]),
    ),
    own,
    exact,
  });
  if (op.kind === 'read') return showing(new Set(), true);
  const { write } = op;
  if (write.operation === 'postComment') return undefined;
  if (write.operation !== 'updateArticle') return showing(new Set(isReservedKey(write.key) ? [] : [write.key]), true);
  const supplied = suppliedKeys(write.payload);
  if (!supplied) return showing(new Set(), true);
  // Merged: every key it did not send is as before it. Otherwise it may have replaced, and only
  // the reserved keys are known.
  return shownMerged(shown, supplied) ? showing(supplied, true) : showing(supplied, false, isReservedKey);
}

/** A full update whose answer keeps a key it did not send merged (4.2 leaves merge or replace open). */
export const shownMerged = (shown: Data, supplied: Set<string>): boolean =>
  Object.keys(shown).some((key) => !isReservedKey(key) && !supplied.has(key));

/** A write that may have taken effect, what it leaves in one key, and whether it surely took effect (accepted). */
interface Writer {
  index: number;
  code: string;
  accepted: boolean;
}

/** What each write that may have taken effect (accepted, or no answer) may leave in the keys it writes. */
interface Writers {
  byKey: Map<string, Writer[]>;
  /** Full updates that may replace `data`, removing every key they do not send but the reserved ones. */
  replacing: { index: number; supplied: Set<string> }[];
}

function writersOf(history: Observed<DataOperation>[]): Writers {
  const writers: Writers = { byKey: new Map(), replacing: [] };
  const add = (key: string, writer: Writer): void => {
    writers.byKey.set(key, [...(writers.byKey.get(key) ?? []), writer]);
  };
  history.forEach(({ op }, index) => {
    const accepted = isAccepted(op.answer);
    if (op.kind === 'read' || !(accepted || isUnknown(op.answer))) return;
    const { write } = op;
    if (write.operation === 'postComment') return;
    const [written = {}] = predictData({}, write, true);
    if (write.operation !== 'updateArticle') {
      if (!isReservedKey(write.key)) add(write.key, { index, code: codeOf(written, write.key), accepted });
      return;
    }
    for (const key of Object.keys(written)) add(key, { index, code: codeOf(written, key), accepted });
    const supplied = suppliedKeys(write.payload);
    const shown = op.answer?.data;
    if (supplied && !(accepted && shown !== undefined && shownMerged(shown, supplied)))
      writers.replacing.push({ index, supplied });
  });
  return writers;
}

/**
 * Keys some request may change: only those can come to hold what a need asks. A need on any other
 * key is met or not whatever the order, and the model's own step finds it when it places the request.
 */
function changeableKeys(writers: Writers, history: Observed<DataOperation>[]): Set<string> {
  const keys = new Set(writers.byKey.keys());
  if (writers.replacing.length === 0) return keys;
  for (const { op } of history) for (const key of Object.keys(op.answer?.data ?? {})) keys.add(key);
  return new Set([...keys].filter((key) => writers.byKey.has(key) || !isReservedKey(key)));
}

/** A need narrowed to the keys that can change: each with the value it must hold (absent included). */
interface Narrowed {
  index: number;
  shows: { key: string; code: string; value: unknown }[];
}

function narrowed(history: Observed<DataOperation>[], changeable: Set<string>): Narrowed[] {
  return history.flatMap(({ op }, index) => {
    const need = needsOf(index, op);
    if (!need) return [];
    const values = [...need.values].filter(([key]) => changeable.has(key));
    const mustLack = [...changeable].filter((key) => need.exact && !need.values.has(key) && !need.own.has(key));
    const shows = [
      ...values.map(([key, { code, value }]) => ({ key, code, value })),
      ...mustLack.map((key) => ({ key, code: absent, value: undefined })),
    ];
    return shows.length > 0 ? [{ index, shows }] : [];
  });
}

/**
 * The necessary condition over `history`, for `checkLinearizable`'s `prune`: just before each
 * request still to place, every key it shows can hold what it shows. A key holds its value now
 * unless a write still to place surely comes between (it answered before that request was sent);
 * otherwise it must be written so by a write still to place that may come before that request.
 */
export function pruneByKey(history: Observed<DataOperation>[]): Prune<Data> {
  const writers = writersOf(history);
  const needs = narrowed(history, changeableKeys(writers, history));
  const precedes = (first: number, then: number): boolean =>
    (history[first]?.answeredAt ?? Infinity) < (history[then]?.sentAt ?? -Infinity);
  return (state, placed) => {
    const codes = new Map<string, string>();
    const held = (key: string): string => codes.get(key) ?? codes.set(key, codeOf(state, key)).get(key) ?? absent;
    const free = (index: number, need: number): boolean => index !== need && placed[index] !== true;
    /** Why `key` cannot hold `code` just before request `need`, or undefined when it can. */
    const cannotHold = (key: string, code: string, need: number): string | undefined => {
      const candidates = writers.byKey.get(key) ?? [];
      const overwritten = candidates.some((one) => one.accepted && free(one.index, need) && precedes(one.index, need));
      if (!overwritten && held(key) === code) return undefined;
      const before = (index: number): boolean => free(index, need) && !precedes(need, index);
      const written =
        candidates.some((one) => one.code === code && before(one.index)) ||
        (code === absent &&
          !isReservedKey(key) &&
          writers.replacing.some(({ index, supplied }) => before(index) && !supplied.has(key)));
      if (written) return undefined;
      const now = overwritten
        ? 'a write that answered before it was sent changes it first'
        : `the data holds ${showValue(state[key])}`;
      return `${now}, and no write left that may come before it leaves that`;
    };
    for (const need of needs) {
      if (placed[need.index] === true) continue;
      for (const { key, code, value } of need.shows) {
        const why = cannotHold(key, code, need.index);
        if (why !== undefined)
          return { index: need.index, why: `its answer shows ${key}: ${showValue(value)}; ${why}` };
      }
    }
    return undefined;
  };
}
