/**
 * Whole comment lists. The interface shows no paging (section 4.5), so nobody may assume any:
 * a list is followed only where its answer sends a `Link: <...>; rel="next"` header (as the API
 * family does), never by guessing page parameters or an order. The contract suite and the proxy
 * both read lists this way, each with its own way of fetching a page.
 */

/** The `rel="next"` address of a Link header, resolved against the address that answered. */
export function nextLink(header: string | null, current: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!match) continue;
    const rels =
      /;\s*rel\s*=\s*"?([^";]+)"?/i
        .exec(match[2] ?? '')?.[1]
        ?.toLowerCase()
        .split(/\s+/) ?? [];
    if (rels.includes('next')) return new URL(match[1] ?? '', current).toString();
  }
  return undefined;
}

export interface ListPages<Page> {
  /** Every page's answer, first page first. */
  pages: Page[];
  /** The next address when `maxPages` stopped the walk early. */
  truncatedAt?: string;
}

/**
 * Fetches the page at `first` and every page its next links lead to, however a caller fetches;
 * stops at a loop or after `maxPages`.
 */
export async function walkPages<Page>(
  first: string,
  fetchPage: (address: string) => Promise<Page>,
  nextOf: (page: Page, address: string) => string | undefined,
  maxPages = 100,
): Promise<ListPages<Page>> {
  const pages: Page[] = [];
  const seen = new Set<string>();
  let address: string | undefined = first;
  while (address !== undefined && !seen.has(address)) {
    if (pages.length >= maxPages) return { pages, truncatedAt: address };
    seen.add(address);
    const page = await fetchPage(address);
    pages.push(page);
    address = nextOf(page, address);
  }
  return { pages };
}
