/**
 * The `date-time` format (RFC 3339 section 5.6), deciding every string exactly as ajv-formats'
 * full `date-time` does (date-time.test.ts holds the two equal over generated strings). Written
 * here because the library's version splits the string and runs two regular expressions, and the
 * mock checks eight of these in every article it answers; reading the characters in place makes
 * that check several times cheaper (BENCHMARKS.md).
 */

const daysInMonth = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const whitespace = /^\s$/;

const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** The digit at `index` as a number, or -1 when the character is not an ASCII digit. */
function digit(text: string, index: number): number {
  const code = text.charCodeAt(index) - 48;
  return code >= 0 && code <= 9 ? code : -1;
}

/** The two-digit number at `index`, or -1. */
function twoDigits(text: string, index: number): number {
  const tens = digit(text, index);
  const ones = digit(text, index + 1);
  return tens < 0 || ones < 0 ? -1 : tens * 10 + ones;
}

/** `YYYY-MM-DD` in the first ten characters, a real day of a real month. */
function isFullDate(text: string): boolean {
  const century = twoDigits(text, 0);
  const years = twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  if (century < 0 || years < 0 || month < 1 || month > 12 || day < 1) return false;
  if (text[4] !== '-' || text[7] !== '-') return false;
  const year = century * 100 + years;
  return day <= (month === 2 && isLeapYear(year) ? 29 : (daysInMonth[month] as number));
}

/** Where the fraction `.d+` starting at `index` ends; `index` itself when there is none, -1 when malformed. */
function fractionEnd(text: string, index: number): number {
  if (text[index] !== '.') return index;
  let end = index + 1;
  while (digit(text, end) >= 0) end += 1;
  return end > index + 1 ? end : -1;
}

interface Offset {
  sign: number;
  hours: number;
  minutes: number;
}

/** The time zone from `index` to the end: `Z`, or `+HH`, `+HHMM`, `+HH:MM` (or `-`); undefined when malformed. */
function offsetAt(text: string, index: number): Offset | undefined {
  const mark = text[index];
  if (mark === 'Z' || mark === 'z') return index + 1 === text.length ? { sign: 1, hours: 0, minutes: 0 } : undefined;
  if (mark !== '+' && mark !== '-') return undefined;
  const hours = twoDigits(text, index + 1);
  if (hours < 0) return undefined;
  const sign = mark === '-' ? -1 : 1;
  const rest = text.length - (index + 3);
  if (rest === 0) return { sign, hours, minutes: 0 };
  const minutesAt = text[index + 3] === ':' && rest === 3 ? index + 4 : rest === 2 ? index + 3 : -1;
  const minutes = minutesAt < 0 ? -1 : twoDigits(text, minutesAt);
  return minutes < 0 ? undefined : { sign, hours, minutes };
}

/** `HH:MM:SS[.fraction]` and a time zone from `start`; 23:59:60 UTC (a leap second) as the library allows it. */
function isTime(text: string, start: number): boolean {
  const hours = twoDigits(text, start);
  const minutes = twoDigits(text, start + 3);
  if (hours < 0 || minutes < 0 || text[start + 2] !== ':' || text[start + 5] !== ':') return false;
  if (twoDigits(text, start + 6) < 0) return false;
  const secondsEnd = fractionEnd(text, start + 8);
  if (secondsEnd < 0) return false;
  const offset = offsetAt(text, secondsEnd);
  if (!offset || offset.hours > 23 || offset.minutes > 59) return false;
  const seconds = Number(text.slice(start + 6, secondsEnd));
  if (hours <= 23 && minutes <= 59 && seconds < 60) return true;
  const utcMinutes = minutes - offset.minutes * offset.sign;
  const utcHours = hours - offset.hours * offset.sign - (utcMinutes < 0 ? 1 : 0);
  return (utcHours === 23 || utcHours === -1) && (utcMinutes === 59 || utcMinutes === -1) && seconds < 61;
}

const isSeparator = (character: string | undefined): boolean =>
  character === 'T' || character === 't' || (character !== undefined && whitespace.test(character));

function decidesDateTime(text: string): boolean {
  return isFullDate(text) && isSeparator(text[10]) && isTime(text, 11);
}

/**
 * Strings already found to be date-times. An answer's timestamps are mostly the same strings as in
 * the answer before (an article's `created_at`, its page's, language's and author's), so the mock's
 * check of each answer finds them here rather than reading them again; a set lookup of a string
 * whose hash V8 already keeps costs a fraction of the reading (BENCHMARKS.md). Emptied when full,
 * so it stays small (4,096 strings of at most 40 characters) whatever the site or the target.
 */
const knownDateTimes = new Set<string>();
const knownDateTimesLimit = 4096;
/** Longer than any stamp the mock writes; a target's answer may carry a fraction of any length, never kept. */
const longestKnownDateTime = 40;

export function isDateTime(text: string): boolean {
  if (knownDateTimes.has(text)) return true;
  if (!decidesDateTime(text)) return false;
  if (text.length > longestKnownDateTime) return true;
  if (knownDateTimes.size >= knownDateTimesLimit) knownDateTimes.clear();
  knownDateTimes.add(text);
  return true;
}

/** The formats written here, by name: what the build's standalone validators require (validation/ajv.ts). */
export const ownFormats = { 'date-time': isDateTime } as const;
