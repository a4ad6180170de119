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

/** A new `updated_at` that is later than the previous one even within one millisecond. */
export function nextTimestamp(clock: Clock, previous: string): string {
  const now = clock().getTime();
  const before = Date.parse(previous);
  return isoTimestamp(new Date(Number.isNaN(before) ? now : Math.max(now, before + 1)));
}
