/**
 * The model of each write (4.2, 4.3, 4.4, 4.6, reserved keys of 2.1): from the data before it,
 * the data it may leave. A refused write leaves data as it was; a reserved key never changes; a
 * full update may merge or replace (4.2 leaves that open), so it has two possible results.
 */
import { isReservedKey } from '../generated/catalogue';

export type Write =
  | { operation: 'updateArticle'; payload: unknown }
  | { operation: 'setDataKey'; key: string; payload: unknown }
  | { operation: 'deleteDataKey'; key: string }
  | { operation: 'postComment'; payload: unknown };

type Data = Record<string, unknown>;

export const isRecord = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const pick = (data: Data, keep: (key: string) => boolean): Data =>
  Object.fromEntries(Object.entries(data).filter(([key]) => keep(key)));

/** The `data` object a full update's payload (`{ article: { data } }`, 4.2) carries, if it carries one. */
export function sentUpdateData(payload: unknown): Data | undefined {
  const article = isRecord(payload) ? payload.article : undefined;
  const sent = isRecord(article) ? article.data : undefined;
  return isRecord(sent) ? sent : undefined;
}

function afterUpdate(before: Data, payload: unknown): Data[] {
  const sent = sentUpdateData(payload);
  if (!sent) return [before];
  const supplied = pick(sent, (key) => !isReservedKey(key));
  const reserved = pick(before, isReservedKey);
  return [
    { ...before, ...supplied },
    { ...reserved, ...supplied },
  ];
}

/**
 * Whether `write` names a reserved key: a key write of one, or a full update whose data holds one.
 * Such keys are read-only (2.1, 4.2) and the interface states no answer to a write of one, so a
 * target may refuse the whole write in any way; where it accepts it, the key stays as it was.
 */
export function namesReservedKey(write: Write): boolean {
  if (write.operation === 'postComment') return false;
  if (write.operation !== 'updateArticle') return isReservedKey(write.key);
  return Object.keys(sentUpdateData(write.payload) ?? {}).some(isReservedKey);
}

/** Every `data` the interface allows after `write`, given whether the target accepted it. */
export function predictData(before: Data, write: Write, accepted: boolean): Data[] {
  if (!accepted || write.operation === 'postComment') return [before];
  if (write.operation === 'updateArticle') return afterUpdate(before, write.payload);
  if (isReservedKey(write.key)) return [before];
  if (write.operation === 'deleteDataKey') return [pick(before, (key) => key !== write.key)];
  const value = isRecord(write.payload) ? write.payload.value : undefined;
  return [{ ...before, [write.key]: value }];
}
