/**
 * Variants whose writes break what the article must look like afterwards (sections 1, 2.1, 4.3,
 * 4.4): a key write or removal that also changes another attribute, or stores a time stamp in
 * the wrong form. The answer of the write itself looks right; only the next read shows the fault.
 */
import { isSuccessStatus } from 'site-articles-schemas/conformance';
import { defaultRules, type Rules } from '../../mock/rules';
import type { StoredArticle } from '../../mock/store/site-store';
import { after, storedArticle, withoutMillis, type Variant } from './variant';

/** After each accepted write of `name`, also changes the stored article as `change` says. */
function alsoChanging(name: 'setDataKey' | 'deleteDataKey', change: (article: StoredArticle) => void): Partial<Rules> {
  return after(name, (outcome, context, input) => {
    const article = storedArticle(context, input.articleId);
    if (!isSuccessStatus(outcome.status) || !article) return outcome;
    change(article);
    return name === 'deleteDataKey' ? outcome : { ...outcome, body: defaultRules.readArticle(context, input).body };
  });
}

/** Articles whose data this store has written once: each mock has its own articles, so no state leaks between runs. */
const written = new WeakSet<StoredArticle>();

export const afterWriteVariants: Record<string, Variant> = {
  // Only the first write shows it: every later "before" already holds the changed attribute, so only
  // a judgement of that very write, or the end-of-run comparison with the first read, can see it.
  'first-write-resets-published': {
    section: '4.3',
    does: "resets published to false on an article's first data key write, as a store that creates the row from defaults then does",
    rules: alsoChanging('setDataKey', (article) => {
      if (!written.has(article)) article.published = false;
      written.add(article);
    }),
  },
  'set-key-flips-published': {
    section: '4.3',
    does: 'flips published whenever a data key is set',
    rules: alsoChanging('setDataKey', (article) => {
      article.published = !article.published;
    }),
  },
  'set-key-adds-tag': {
    section: '4.3',
    does: 'adds a tag to tag_names whenever a data key is set',
    rules: alsoChanging('setDataKey', (article) => {
      article.tag_names = [...article.tag_names, 'data'];
    }),
  },
  'delete-key-flips-publishing': {
    section: '4.4',
    does: 'flips publishing whenever a data key is removed',
    rules: alsoChanging('deleteDataKey', (article) => {
      article.publishing = !article.publishing;
    }),
  },
  'delete-key-retitles': {
    section: '4.4',
    does: 'appends to the title whenever a data key is removed',
    rules: alsoChanging('deleteDataKey', (article) => {
      article.title = `${article.title} (edited)`;
    }),
  },
  'delete-key-updated-at-without-millis': {
    section: '4.4',
    does: 'stores updated_at without milliseconds when a data key is removed',
    rules: alsoChanging('deleteDataKey', (article) => {
      article.updated_at = withoutMillis(article.updated_at);
    }),
  },
};
