/**
 * Whether a JSON file is a site the mock's `--persist` wrote before it kept sites in SQLite (issue
 * 21), and so may be migrated (open-site.ts; docs/persistence.md). That `--persist` wrote every
 * file in one form, and rewrote it so at each start: `JSON.stringify(site, null, 2)` and a newline,
 * the sections in the order pages, languages, people, articles, comments, each article's comments
 * together, oldest first, the articles in the order their first comments came. A fixture a person
 * wrote or formatted (by hand, with Prettier, as `curl .../__mock/state` saves it) almost never has
 * that form to the byte, and is refused rather than converted.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { constants } from 'node:buffer';

/** How every such file began (an empty site's pages were `[]`). */
const opening = '{\n  "pages": [';

function startsWithOpening(path: string): boolean {
  const handle = openSync(path, 'r');
  try {
    const bytes = Buffer.alloc(opening.length);
    return bytes.subarray(0, readSync(handle, bytes, 0, opening.length, 0)).toString('latin1') === opening;
  } finally {
    closeSync(handle);
  }
}

interface Comment {
  article_id?: unknown;
  created_at?: unknown;
}

const isObject = (value: unknown): value is Comment => value !== null && typeof value === 'object';

/** The comments as that store listed them: per article, in the order of each article's first comment, oldest first. */
function asListed(comments: Comment[]): Comment[] {
  const perArticle = new Map<unknown, Comment[]>();
  for (const comment of comments) {
    const list = perArticle.get(comment.article_id) ?? [];
    list.push(comment);
    perArticle.set(comment.article_id, list);
  }
  const oldestFirst = (left: Comment, right: Comment): number =>
    String(left.created_at) < String(right.created_at)
      ? -1
      : String(left.created_at) > String(right.created_at)
        ? 1
        : 0;
  return [...perArticle.values()].flatMap((list) => list.sort(oldestFirst));
}

/** Whether `path` holds a site in exactly the form the earlier `--persist` wrote. */
export function writtenByEarlierPersist(path: string): boolean {
  // That mock stringified the whole site at once, so its file was never longer than a string can be.
  if (statSync(path).size > constants.MAX_STRING_LENGTH || !startsWithOpening(path)) return false;
  const text = readFileSync(path, 'utf8');
  let site: unknown;
  try {
    site = JSON.parse(text);
  } catch {
    return false;
  }
  const comments = (site as { comments?: unknown } | null)?.comments;
  if (!Array.isArray(comments) || !comments.every(isObject)) return false;
  const { pages, languages, people, articles } = site as Record<string, unknown>;
  const form = { pages, languages, people, articles, comments: asListed(comments) };
  return text === `${JSON.stringify(form, null, 2)}\n`;
}
