/**
 * Reads a fixture (a whole site in the form of `records.ts`) and checks it against the generated
 * schemas by presenting every record as the API would answer it. A problem names the source, the
 * record and the field, so a hand-written fixture is quick to mend.
 */
import { describeViolations, validateRequest, validateResponse, type Violation } from '../../validation';
import { presentArticle, presentComment } from '../rules/present';
import type { SiteFixture } from './records';
import { SiteStore } from './site-store';

export class FixtureError extends Error {
  override name = 'FixtureError';
}

/** Fixtures `readFixtureFile` (fixture-file.ts) parsed: only the loader holds them, so stores may share their records. */
const parsedHere = new WeakSet();

/** Marks a fixture that no caller holds a reference to, so a store may keep its records as they are. */
export function ownFixture(value: unknown): void {
  if (value !== null && typeof value === 'object') parsedHere.add(value);
}

/** A store holding the fixture, sharing its records when `readFixtureFile` made it (site-store.ts). */
export function storeOf(fixture: SiteFixture): SiteStore {
  return new SiteStore(fixture, { shareRecords: parsedHere.has(fixture) });
}

const sections = ['pages', 'languages', 'people', 'articles', 'comments'] as const;
const checkBase = 'http://fixture.invalid';

/** `record` names the record; a function when naming it costs more than checking it (a million comments). */
function fail(source: string, record: string | (() => string), violations: Violation[]): void {
  if (violations.length > 0) {
    const name = typeof record === 'string' ? record : record();
    throw new FixtureError(`${source}: ${name}:\n  ${describeViolations(violations).replace(/\n/g, '\n  ')}`);
  }
}

function checkSections(value: unknown, source: string): asserts value is SiteFixture {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new FixtureError(`${source}: a fixture must be a JSON object`);
  for (const section of sections) {
    const records = (value as Record<string, unknown>)[section];
    if (!Array.isArray(records)) throw new FixtureError(`${source}: "${section}" must be an array`);
    const index = records.findIndex((record) => record === null || typeof record !== 'object' || Array.isArray(record));
    if (index >= 0) throw new FixtureError(`${source}: entry ${index} of "${section}" must be an object`);
  }
}

function checkUniqueIds(fixture: SiteFixture, source: string): void {
  for (const section of ['pages', 'languages', 'people', 'articles'] as const) {
    const seen = new Set<unknown>();
    for (const record of fixture[section] as unknown[]) {
      const id = (record as { id?: unknown } | null)?.id;
      if (!Number.isSafeInteger(id))
        throw new FixtureError(`${source}: every entry of "${section}" needs an integer id`);
      if (seen.has(id)) throw new FixtureError(`${source}: ${section} has id ${String(id)} twice`);
      seen.add(id);
    }
  }
}

/** Pages, languages and people, each as its summary of section 2.1, even when no article points at it. */
function checkSummaries(store: SiteStore, source: string): void {
  for (const page of store.pages.values()) {
    fail(
      source,
      `page ${page.id}`,
      validateResponse('PageSummary', { ...page, url: `${checkBase}/admin/api/pages/${page.id}` }, 'strict'),
    );
  }
  for (const language of store.languages.values()) {
    fail(
      source,
      `language ${language.id}`,
      validateResponse(
        'LanguageSummary',
        { ...language, url: `${checkBase}/admin/api/languages/${language.id}` },
        'strict',
      ),
    );
  }
  for (const person of store.people.values()) {
    fail(
      source,
      `person ${person.id}`,
      validateResponse('AuthorSummary', { ...person, url: `${checkBase}/admin/api/people/${person.id}` }, 'strict'),
    );
  }
}

function checkArticles(store: SiteStore, source: string): void {
  for (const article of store.articles.values()) {
    const where = `article ${article.id}`;
    if (!store.pages.has(article.page_id))
      throw new FixtureError(`${source}: ${where}: page_id ${String(article.page_id)} names no page`);
    if (!store.languages.has(article.language_id))
      throw new FixtureError(`${source}: ${where}: language_id ${String(article.language_id)} names no language`);
    if (!store.people.has(article.author_id))
      throw new FixtureError(`${source}: ${where}: author_id ${String(article.author_id)} names no person`);
    if (!Array.isArray(article.tag_names)) throw new FixtureError(`${source}: ${where}: /tag_names: must be an array`);
    fail(source, where, validateResponse('Article', presentArticle(store, article, checkBase), 'strict'));
  }
}

function checkComments(fixture: SiteFixture, store: SiteStore, source: string): void {
  fixture.comments.forEach((comment, index) => {
    const where = (): string => `comment ${index} (article ${String(comment.article_id)})`;
    if (!store.articles.has(comment.article_id))
      throw new FixtureError(`${source}: ${where()}: article_id names no article`);
    const { author, author_email, body } = comment;
    fail(source, where, validateRequest('CommentPostRequest', { comment: { author, author_email, body } }));
    fail(source, where, validateResponse('Comment', presentComment(comment), 'strict'));
  });
}

/** Checks a parsed fixture and returns a store holding it. */
export function storeFromFixture(value: unknown, source: string): SiteStore {
  checkSections(value, source);
  checkUniqueIds(value, source);
  for (const article of value.articles as unknown[]) {
    const data = (article as { data?: unknown }).data;
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      throw new FixtureError(`${source}: article ${String((article as { id: unknown }).id)}: /data: must be an object`);
    }
  }
  const store = storeOf(value);
  checkSummaries(store, source);
  checkArticles(store, source);
  checkComments(value, store, source);
  return store;
}
