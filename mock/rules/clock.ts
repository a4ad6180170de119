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
 * The stamp made last and its instant: the next write (to the same article, nearly always) orders
 * its clock against that instant without reading the text. Writes to one article faster than one a
 * millisecond (a client in a loop, the bench) put its stamp ahead of the clock, and each next stamp
 * is then the previous one plus a millisecond, never parsed again.
 */
let madeStamp = '';
let madeTime = Number.NEGATIVE_INFINITY;

function remembered(time: number, stamp = isoTimestamp(new Date(time))): string {
  madeStamp = stamp;
  madeTime = time;
  return stamp;
}

/**
 * A new `updated_at` that is later than the previous one even within one millisecond. Two strings
 * of the ISO form above order as the instants they name, so a clock already past a previous stamp
 * made elsewhere (a fixture's) needs no parsing of it either.
 */
export function nextTimestamp(clock: Clock, previous: string): string {
  const now = clock().getTime();
  if (previous === madeStamp) return remembered(Math.max(now, madeTime + 1));
  const stamp = isoTimestamp(new Date(now));
  if (stamp > previous && isoForm.test(stamp) && isoForm.test(previous)) return remembered(now, stamp);
  const before = Date.parse(previous);
  return Number.isNaN(before) ? remembered(now, stamp) : remembered(Math.max(now, before + 1));
}
