/**
 * Query strings as the mock has always read them (Node's `querystring`, Express 5's default):
 * a null-prototype record, a repeated name as an array, `+` as a space, bad percent-encoding kept.
 */
export type Query = Record<string, string | string[]>;

export function parseQuery(search: string): Query {
  const query = Object.create(null) as Query;
  // Most requests have none: no URLSearchParams is made for them (a cached read's routing is its own work).
  if (search === '') return query;
  for (const [name, value] of new URLSearchParams(search)) {
    const previous = query[name];
    query[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return query;
}

/** Splits a request target into its path and what follows `?`; an absolute-form target counts by its path. */
export function splitTarget(target: string): { path: string; search: string } {
  const url = target.startsWith('/') ? target : originForm(target);
  const mark = url.indexOf('?');
  return mark < 0 ? { path: url, search: '' } : { path: url.slice(0, mark), search: url.slice(mark + 1) };
}

function originForm(target: string): string {
  try {
    const parsed = new URL(target);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return target;
  }
}
