/**
 * Paging of lists. The interface shows none (section 4.5); the API family pages with `page`
 * (default 1) and `per_page` (default 50, at most 250), puts totals in `X-Total-Entries` and
 * `X-Total-Pages`, and links in a `Link` header that keeps the request's other parameters.
 */
import { invalid } from './refusal';

export const defaultPerPage = 50;
export const maxPerPage = 250;

export interface Paging {
  page: number;
  perPage: number;
}

function positiveInteger(value: unknown, name: string, fallback: number, errors: Record<string, string[]>): number {
  if (value === undefined) return fallback;
  // `?page=1&page=2` arrives as an array: say so rather than call it a bad number.
  if (Array.isArray(value)) {
    errors[name] = ['must be given once'];
    return fallback;
  }
  if (typeof value === 'string' && /^[1-9][0-9]{0,8}$/.test(value)) return Number(value);
  errors[name] = ['must be a positive whole number'];
  return fallback;
}

/** Reads `page` and `per_page`; `per_page` above the maximum is lowered to it, as the family does. */
export function readPaging(query: Record<string, unknown>): Paging {
  const errors: Record<string, string[]> = {};
  const page = positiveInteger(query.page, 'page', 1, errors);
  const perPage = Math.min(positiveInteger(query.per_page, 'per_page', defaultPerPage, errors), maxPerPage);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return { page, perPage };
}

function pageUrl(selfUrl: string, page: number, perPage: number): string {
  const url = new URL(selfUrl);
  url.searchParams.set('page', String(page));
  url.searchParams.set('per_page', String(perPage));
  return url.toString();
}

export function pagingHeaders(selfUrl: string, paging: Paging, total: number): Record<string, string> {
  const lastPage = Math.max(1, Math.ceil(total / paging.perPage));
  const links: [string, number][] = [['first', 1]];
  if (paging.page > 1) links.push(['prev', Math.min(paging.page - 1, lastPage)]);
  if (paging.page < lastPage) links.push(['next', paging.page + 1]);
  links.push(['last', lastPage]);
  return {
    Link: links.map(([rel, page]) => `<${pageUrl(selfUrl, page, paging.perPage)}>; rel="${rel}"`).join(', '),
    'X-Total-Entries': String(total),
    'X-Total-Pages': String(lastPage),
  };
}
