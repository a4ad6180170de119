/**
 * Whole comment lists through the suite's client (4.5): schemas/conformance/paging.ts follows a list's
 * `Link: rel="next"` pages only where a target sends them.
 */
import { isSuccessStatus, nextLink, walkPages, type ListPages } from 'site-articles-schemas/conformance';
import type { Client, Exchange } from './client';

/** A list through the suite's client, every page its `next` links lead to. */
export const fetchAllPages = (client: Client, first: string, maxPages = 100): Promise<ListPages<Exchange>> =>
  walkPages(
    client.address(first),
    (address) => client.send({ method: 'GET', to: address }),
    // 4.5 states success, not 200: any 2xx page may lead on.
    (page, address) => (isSuccessStatus(page.status) ? nextLink(page.headers.get('link'), address) : undefined),
    maxPages,
  );
