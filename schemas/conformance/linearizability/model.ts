/**
 * One article's `data` as the interface states it (4.1 to 4.4, reserved keys of 2.1), as a model
 * for the linearizability check: a read answers the data as it is; an accepted write leaves what
 * `predictData` allows (a full update may merge or replace: 4.2 leaves that open) and its answer,
 * the Article, shows exactly that data (4.2, 4.3); a refused write changes nothing; a write whose
 * answer never came, or that failed with a 5xx, may have taken effect or not. Articles are
 * independent, so each is checked alone; by-key.ts splits one article's history further, by key.
 */
import { isDeepStrictEqual } from 'node:util';
import { predictData, type Write } from '../predict';
import { describeDifferences } from '../difference';
import { isSuccessStatus } from '../status';
import type { Model } from './check';

export type Data = Record<string, unknown>;

/** What came back: no answer at all, or a status with the Article's `data` when the answer had one. */
export type Answered = { status: number; data?: Data } | undefined;

export type DataOperation = { kind: 'read'; answer: Answered } | { kind: 'write'; write: Write; answer: Answered };

export const isAccepted = (answer: Answered): boolean => answer !== undefined && isSuccessStatus(answer.status);
/** No answer, or a 5xx: the target may have done the write before failing. */
export const isUnknown = (answer: Answered): boolean => answer === undefined || answer.status >= 500;

/** Texts already made for arrays and objects: states of a search share their values, so each is written out once. */
const written = new WeakMap<object, string>();

/** Keys in a fixed order, so equal data give equal text. */
export function canonical(value: unknown): string {
  if (typeof value !== 'object' || value === null) return value === undefined ? 'undefined' : JSON.stringify(value);
  const known = written.get(value);
  if (known !== undefined) return known;
  const text = Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : `{${Object.keys(value)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${canonical((value as Data)[key])}`)
        .join(',')}}`;
  written.set(value, text);
  return text;
}

function afterWrite(state: Data, write: Write, answer: Answered): Data[] {
  const effects = predictData(state, write, true);
  if (isUnknown(answer)) return [state, ...effects];
  if (!isAccepted(answer)) return [state];
  const shown = answer?.data;
  return shown === undefined ? effects : effects.filter((data) => isDeepStrictEqual(data, shown));
}

const show = (data: Data | undefined): string => (data === undefined ? '(nothing)' : JSON.stringify(data));

export const articleDataModel: Model<Data, DataOperation> = {
  step(state, op) {
    if (op.kind === 'write') return afterWrite(state, op.write, op.answer);
    const shown = op.answer?.data;
    return !isAccepted(op.answer) || shown === undefined || isDeepStrictEqual(shown, state) ? [state] : [];
  },
  changesNothing: (op) => op.kind === 'read' || !(isAccepted(op.answer) || isUnknown(op.answer)),
  key: canonical,
  explain(state, op) {
    if (op.kind === 'read')
      return `the read showed data ${show(op.answer?.data)}: ${describeDifferences(op.answer?.data, state)}`;
    const allowed = predictData(state, op.write, true);
    return `its answer's data: ${allowed.map((data) => describeDifferences(op.answer?.data, data)).join(', or ')}`;
  },
};
