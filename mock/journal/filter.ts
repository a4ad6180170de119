/**
 * The journal's filter, one for `GET /__mock/journal?method=&path=&status=` and for the controls'
 * `journal(filter)`: every given field must match (method exactly, case-insensitive; path as a
 * substring of the recorded address; status exactly).
 */
import type { JournalEntry } from './journal-entry';

export interface JournalFilter {
  method?: string;
  path?: string;
  status?: number;
}

export function matches(entry: JournalEntry, filter: JournalFilter): boolean {
  return (
    (filter.method === undefined || entry.method === filter.method.toUpperCase()) &&
    (filter.path === undefined || entry.path.includes(filter.path)) &&
    (filter.status === undefined || entry.status === filter.status)
  );
}

const one = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Reads the filter from a parsed query; problems name the parameter, as a 422 body's `errors`. */
export function readFilter(query: Record<string, unknown>): {
  filter: JournalFilter;
  problems: Record<string, string[]>;
} {
  const filter: JournalFilter = {};
  const problems: Record<string, string[]> = {};
  for (const name of ['method', 'path', 'status'] as const) {
    if (query[name] !== undefined && one(query[name]) === undefined) problems[name] = ['must be given once'];
  }
  const method = one(query.method);
  if (method !== undefined) {
    if (/^[A-Za-z]+$/.test(method)) filter.method = method;
    else problems.method = ['must be an HTTP method name, such as PUT'];
  }
  const path = one(query.path);
  if (path !== undefined) filter.path = path;
  const status = one(query.status);
  if (status !== undefined) {
    if (/^[1-5]\d\d$/.test(status)) filter.status = Number(status);
    else problems.status = ['must be a status code from 100 to 599'];
  }
  return { filter, problems };
}
