/**
 * Leaves every article's `data` as the run found it: a snapshot before the first check, and at
 * the end a key-by-key repair through the interface itself (4.3 to put a key back, 4.4 to remove
 * one the run added). Only keys carrying this run's marker are removed: on a live site others may
 * add keys meanwhile, and those are left alone and listed. Reserved keys cannot be written (2.1),
 * so a difference there is only reported; the suite's own reserved probes carry the marker and
 * are removed if present. A key without an address of its own (`..`, see steps.ts) gets no
 * request at all.
 */
import { exitCodeOf, type StopSignal } from './signals';
import { isDeepStrictEqual } from 'node:util';
import { changedAttributes } from 'site-articles-schemas/conformance';
import { isObject, show } from './failure';
import type { Client } from './http/client';
import { isReservedKey } from 'site-articles-schemas/catalogue';
import { pathOf, withoutReserved } from './checks/steps';
import { isAddressableKey, keyAddressProblem } from './values/addressable';
import { Semaphore } from './semaphore';

export interface Snapshot {
  articleId: number;
  data: Record<string, unknown>;
  /** The run's very first read of the article, which the end of the run is compared with. */
  article: Record<string, unknown>;
}

export interface RestoreReport {
  articleId: number;
  /** What the repair did, one line per key. */
  repaired: string[];
  /** Keys still not as found: the run leaves the article changed. */
  problems: string[];
  /** Requests of the repair that got no answer (a repair after them may still have put the key right). */
  unanswered: string[];
  /** Reserved keys that differ; the interface offers no way to write them. */
  warnings: string[];
  /** Keys without the run marker that appeared during the run: someone else's, so kept. */
  leftAlone: string[];
  /**
   * Attributes other than data, updated_at and comments_count that differ from the run's first read
   * (1, 4.2: only data is changeable): the interface offers no way to put them back.
   */
  changed: string[];
}

async function readWhole(client: Client, articleId: number): Promise<Record<string, unknown>> {
  const answer = await client.send({ method: 'GET', to: pathOf('readArticle', articleId) });
  if (answer.status !== 200 || !isObject(answer.json) || !isObject(answer.json.data))
    throw new Error(
      `cannot read the data of article ${articleId}: ${answer.status} ${answer.text.slice(0, 200)}\n  reproduce: ${answer.curl}`,
    );
  return answer.json;
}

export async function readData(client: Client, articleId: number): Promise<Record<string, unknown>> {
  return (await readWhole(client, articleId)).data as Record<string, unknown>;
}

export async function takeSnapshot(client: Client, articleId: number): Promise<Snapshot> {
  const article = await readWhole(client, articleId);
  return { articleId, data: article.data as Record<string, unknown>, article };
}

/** What the run left changed that only data may change (conformance's `changedAttributes`). */
function changedSinceFirstRead(snapshot: Snapshot, now: Record<string, unknown>): string[] {
  return changedAttributes(snapshot.article, now).map(
    (change) => `[attributes-unchanged] /${change.field}: ${show(change.now)} instead of ${show(change.before)}`,
  );
}

/** A key that is new since the snapshot and not this run's: someone else added it. */
const addedByOthers = (snapshot: Snapshot, key: string, marker: string): boolean =>
  !(key in snapshot.data) && !key.includes(marker);

/**
 * One request per key that differs from the snapshot: put back, or removed when it is this run's.
 * Keys are independent (4.3, 4.4), so the requests go out side by side, as many at once as `semaphore`
 * allows; the lines come back in the keys' order.
 */
async function repair(
  client: Client,
  snapshot: Snapshot,
  current: Record<string, unknown>,
  marker: string,
  semaphore: Semaphore,
): Promise<{ lines: string[]; unanswered: string[] }> {
  const putBack = Object.entries(snapshot.data).filter(
    ([key, value]) => !isReservedKey(key) && isAddressableKey(key) && !isDeepStrictEqual(current[key], value),
  );
  const removed = Object.keys(current).filter(
    (key) => !(key in snapshot.data) && key.includes(marker) && isAddressableKey(key),
  );
  const put = async ([key, value]: [string, unknown]): Promise<string> => {
    const answer = await client.send({
      method: 'PUT',
      to: pathOf('setDataKey', snapshot.articleId, key),
      json: { value },
    });
    return `${key}: put back (${answer.status})`;
  };
  const remove = async (key: string): Promise<string> => {
    const answer = await client.send({ method: 'DELETE', to: pathOf('deleteDataKey', snapshot.articleId, key) });
    return `${key}: removed (${answer.status})`;
  };
  // Every request ends before the article is read again, so that read holds all they did.
  const sent = await Promise.allSettled([
    ...putBack.map((entry) => semaphore.take(() => put(entry))),
    ...removed.map((key) => semaphore.take(() => remove(key))),
  ]);
  return {
    lines: sent.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : [])),
    unanswered: sent.flatMap((outcome) =>
      outcome.status === 'rejected'
        ? [outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason)]
        : [],
    ),
  };
}

interface Left {
  /** Keys a request could still fix. */
  problems: string[];
  /** Keys no request can address (values/addressable.ts `keyAddressProblem`). */
  unaddressable: string[];
  warnings: string[];
  leftAlone: string[];
}

/** Keys still not as in the snapshot: writable ones (problems), reserved ones (warnings), others' new ones. */
function differences(snapshot: Snapshot, after: Record<string, unknown>, marker: string): Left {
  const found: Left = { problems: [], unaddressable: [], warnings: [], leftAlone: [] };
  for (const key of new Set([...Object.keys(snapshot.data), ...Object.keys(after)])) {
    if (isDeepStrictEqual(after[key], snapshot.data[key])) continue;
    const line = `${key}: ${key in after ? show(after[key]) : '(missing)'} instead of ${key in snapshot.data ? show(snapshot.data[key]) : '(absent)'}`;
    const unaddressable = keyAddressProblem(key);
    if (addedByOthers(snapshot, key, marker)) found.leftAlone.push(`${key} = ${show(after[key])}`);
    else if (isReservedKey(key) && !key.includes(marker)) found.warnings.push(line);
    else if (unaddressable !== undefined)
      found.unaddressable.push(
        `${line} (cannot be restored through the interface: ${unaddressable}; nothing was sent for it)`,
      );
    else found.problems.push(line);
  }
  return found;
}

/**
 * Key by key first, side by side (`semaphore`); what is left, key by key again, one request at a time
 * (a target whose key writes copy the whole data loses writes sent side by side); when a target's
 * key writes cannot do it (say, one that drops other keys), one full update (4.2) with the
 * snapshot's data plus the keys others added meanwhile, then key by key once more.
 */
export async function restoreSnapshot(
  client: Client,
  snapshot: Snapshot,
  marker: string,
  semaphore = new Semaphore(1),
): Promise<RestoreReport> {
  const report: RestoreReport = {
    articleId: snapshot.articleId,
    repaired: [],
    problems: [],
    unanswered: [],
    warnings: [],
    leftAlone: [],
    changed: [],
  };
  const oneAtATime = new Semaphore(1);
  // The article as it stands now, and its keys still not as found.
  const standing = async (): Promise<{ now: Record<string, unknown>; left: Left }> => {
    const now = await readWhole(client, snapshot.articleId);
    return { now, left: differences(snapshot, now.data as Record<string, unknown>, marker) };
  };
  const repairNow = async (pool: Semaphore): Promise<{ now: Record<string, unknown>; left: Left }> => {
    const done = await repair(client, snapshot, await readData(client, snapshot.articleId), marker, pool);
    report.repaired.push(...done.lines);
    report.unanswered.push(...done.unanswered);
    return standing();
  };
  let last: Awaited<ReturnType<typeof standing>> | undefined;
  try {
    last = await repairNow(semaphore);
    if (last.left.problems.length > 0 && semaphore.size > 1) last = await repairNow(oneAtATime);
    if (last.left.problems.length > 0) {
      const current = await readData(client, snapshot.articleId);
      const others = Object.fromEntries(
        Object.entries(current).filter(([key]) => addedByOthers(snapshot, key, marker)),
      );
      const whole = await client.send({
        method: 'PUT',
        to: pathOf('updateArticle', snapshot.articleId),
        json: { article: { data: withoutReserved({ ...others, ...snapshot.data }) } },
      });
      report.repaired.push(`every non-reserved key: sent in one full update (${whole.status})`);
      last = await repairNow(oneAtATime);
    }
  } catch (error) {
    // A read or the full update failed: what is left is told as the article stands, if it can still be read.
    report.problems.push(error instanceof Error ? error.message : String(error));
    last = await standing().catch(() => undefined);
  }
  if (last) {
    report.problems.push(...last.left.problems, ...last.left.unaddressable);
    report.warnings = last.left.warnings;
    report.leftAlone = last.left.leftAlone;
    report.changed = changedSinceFirstRead(snapshot, last.now);
  }
  return report;
}

/** Whether the run left the article as it found it: its data restored, and no attribute but data changed (1, 4.2). */
export const leftAsFound = (report: RestoreReport): boolean =>
  report.problems.length === 0 && report.changed.length === 0;

export function describeRestore(report: RestoreReport): string {
  const state = report.problems.length > 0 ? 'NOT restored' : report.repaired.length > 0 ? 'restored' : 'unchanged';
  return [
    `article ${report.articleId}: data ${state}`,
    ...report.changed.map((line) => `  changed by the run, though only data may change: ${line}`),
    ...report.unanswered.map((line) => `  a repair got no answer: ${line}`),
    ...report.problems.map((line) => `  still different: ${line}`),
    ...report.warnings.map((line) => `  reserved key differs (not writable through the interface): ${line}`),
    ...report.leftAlone.map((line) => `  left alone: added during the run by someone else: ${line}`),
  ].join('\n');
}

/**
 * A run's exit code: the interrupt's; else 2 after a setting problem (http/target-problem.ts); else 0
 * when every check passed and every article is left as found, else 1.
 */
export function runExitCode(
  interrupted: StopSignal | undefined,
  passed: boolean,
  restore: RestoreReport[],
  settingProblem?: Error,
): number {
  if (interrupted) return exitCodeOf(interrupted);
  if (settingProblem) return 2;
  return passed && restore.every(leftAsFound) ? 0 : 1;
}
