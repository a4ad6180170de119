/**
 * Timestamps in the interface's two forms: ISO 8601 UTC with milliseconds for resources
 * (section 2.1) and `YYYY/MM/DD HH:MM:SS +0000` for comments in lists (section 2.2).
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function isoTimestamp(date: Date): string {
  return date.toISOString();
}

export function commentDate(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10).replace(/-/g, '/')} ${iso.slice(11, 19)} +0000`;
}

/** `YYYY-MM-DDTHH:MM:SS.sssZ`: the form `isoTimestamp` writes for years 0 to 9999. */
const isoForm = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The stamp made last and its instant. Writes to one article faster than one a millisecond (a
 * client in a loop, the bench) put its stamp ahead of the clock, and each next stamp is then the
 * previous one plus a millisecond: kept here, the previous one is not parsed again.
 */
let madeStamp = '';
let madeTime = Number.NaN;

function instantOf(stamp: string): number {
  return stamp === madeStamp ? madeTime : Date.parse(stamp);
}

function remembered(time: number): string {
  madeStamp = isoTimestamp(new Date(time));
  madeTime = time;
  return madeStamp;
}

/**
 * A new `updated_at` that is later than the previous one even within one millisecond. Two strings
 * of the ISO form above order as the instants they name, so a clock already past the previous
 * stamp (nearly every write) needs no parsing of it.
 */
export function nextTimestamp(clock: Clock, previous: string): string {
  const now = clock();
  const stamp = isoTimestamp(now);
  if (stamp > previous && isoForm.test(stamp) && isoForm.test(previous)) return stamp;
  const before = instantOf(previous);
  return Number.isNaN(before) ? stamp : remembered(Math.max(now.getTime(), before + 1));
}
