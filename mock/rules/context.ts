/**
 * What every rule receives and returns. Rules are plain functions over the store: no Express,
 * no sockets, so a test or a broken variant can call or replace any one of them.
 */
import type { SiteStore } from '../store/site-store';
import type { Clock } from './clock';

export interface RuleContext {
  store: SiteStore;
  /** Base address the request came in on, e.g. `http://127.0.0.1:4010`. */
  base: string;
  clock: Clock;
}

export interface Outcome {
  status: number;
  /** Sent as JSON; absent for an empty body (204). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ArticleInput {
  articleId: number;
}
export interface PayloadInput extends ArticleInput {
  payload: unknown;
}
export interface KeyInput extends ArticleInput {
  key: string;
}
export interface ListInput extends ArticleInput {
  query: Record<string, unknown>;
  /** Absolute address of this request, for paging links that keep its other parameters. */
  selfUrl: string;
}

/** Header naming request fields the mock accepted but ignored (the interface lets only `data` change). */
export const ignoredFieldsHeader = 'X-Mock-Ignored-Fields';
