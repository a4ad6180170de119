/**
 * Real dates (2.1, 2.2): the schemas' patterns see only digits, so `2024-13-45T25:61:00.000Z`
 * would pass them; these functions also ask that the digits name a moment that exists.
 */
const isoForm = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{3}Z$/;
const commentForm = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2}) \+0000$/;

function namesRealMoment(match: RegExpExecArray | null): boolean {
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

/** 2.1: `<YYYY-MM-DD>T<HH:MM:SS.mmm>Z` naming a real moment. */
export const isRealTimestamp = (text: unknown): boolean =>
  typeof text === 'string' && namesRealMoment(isoForm.exec(text));

/** 2.2: `YYYY/MM/DD HH:MM:SS +0000` naming a real moment. */
export const isRealCommentDate = (text: unknown): boolean =>
  typeof text === 'string' && namesRealMoment(commentForm.exec(text));
