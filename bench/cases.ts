/** What a run measures: five operations of section 4, the large-site reads, and how long. */
import type { RequestSpec } from './load-spec';

export interface Settings {
  warmupSeconds: number;
  seconds: number;
  connections: number;
  coldStarts: number;
  largeArticles: number;
  largeComments: number;
  /** Loads of the large site timed (the median decides). */
  largeLoads: number;
  /** Rounds of the mock with and without the schema check (the median decides). */
  checkRounds: number;
  /** Rounds of each operation on the mock and on bare Express, and their length (the median decides). */
  rounds: number;
  roundSeconds: number;
}

/** The generated large site, under the git-ignored `.tmp/`, named by its size so runs reuse it. */
export const largeFile = (settings: Settings): string =>
  `.tmp/large-site-${String(settings.largeArticles)}-${String(settings.largeComments)}.json`;

export const fullSettings: Settings = {
  warmupSeconds: 1.5,
  seconds: 5,
  connections: 32,
  coldStarts: 5,
  largeArticles: 100_000,
  largeComments: 1_000_000,
  largeLoads: 3,
  checkRounds: 3,
  rounds: 7,
  roundSeconds: 2,
};

export const quickSettings: Settings = {
  warmupSeconds: 0.5,
  seconds: 2,
  connections: 32,
  coldStarts: 3,
  largeArticles: 10_000,
  largeComments: 100_000,
  largeLoads: 1,
  checkRounds: 1,
  rounds: 3,
  roundSeconds: 1,
};

export interface Case {
  name: string;
  request: RequestSpec;
}

const json = { 'Content-Type': 'application/json' };
const comment = {
  comment: { author: 'Bench Mark', author_email: 'bench@example.com', body: 'Measured, not guessed.' },
};

/** In this order: the comment list is read before posting makes it grow; the indexes are used by report.ts. */
export const operations: Case[] = [
  { name: 'read an article (4.1)', request: { method: 'GET', path: '/admin/api/articles/1' } },
  { name: 'list comments (4.5)', request: { method: 'GET', path: '/admin/api/articles/1/comments' } },
  {
    name: 'set a data key (4.3)',
    request: { method: 'PUT', path: '/admin/api/articles/1/data/bench', body: '{"value":42}', headers: json },
  },
  {
    name: 'post a comment (4.6)',
    request: { method: 'POST', path: '/admin/api/articles/1/comments', body: JSON.stringify(comment), headers: json },
  },
  {
    name: 'update an article (4.2)',
    request: {
      method: 'PUT',
      path: '/admin/api/articles/1',
      body: JSON.stringify({ article: { data: { bench: 42, colour: 'teal' } } }),
      headers: json,
    },
  },
];

/**
 * Reads spread over a whole site. The `nocache` parameter makes every address new, so neither
 * site can answer from the response cache: the same work on both, only the size differs. The
 * plain random read shows what a client meets (on the sample site every read is soon cached).
 */
export function siteCases(articles: number, lastPageOfFirst: number): Case[] {
  return [
    {
      name: 'read a random article, never cached',
      request: { method: 'GET', path: '/admin/api/articles/{id}?nocache={rand}', ids: [1, articles] },
    },
    {
      name: 'first comment page of a random article, never cached',
      request: { method: 'GET', path: '/admin/api/articles/{id}/comments?nocache={rand}', ids: [1, articles] },
    },
    {
      name: 'last comment page of the busiest article',
      request: { method: 'GET', path: `/admin/api/articles/1/comments?page=${String(lastPageOfFirst)}` },
    },
    {
      name: 'read a random article (cache as it works)',
      request: { method: 'GET', path: '/admin/api/articles/{id}', ids: [1, articles] },
    },
  ];
}
