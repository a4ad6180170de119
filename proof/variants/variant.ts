/**
 * What a variant of the mock is, and small helpers to build one from the correct rules: run the
 * correct rule and change its outcome, or change the Article or comments it answers with.
 */
import { isSuccessStatus, sentUpdateData } from 'site-articles-schemas/conformance';
import { defaultRules, type Outcome, type RuleContext, type Rules, type RuleSet } from '../../mock/rules';
import type { StoredArticle } from '../../mock/store/site-store';

/** The interface section whose statement a variant breaks (or, for harmless ones, exercises). */
export type VariantSection = '2.1' | '2.2' | '4.1' | '4.2' | '4.3' | '4.4' | '4.5' | '4.6';

export interface Variant {
  section: VariantSection;
  /** What the variant does differently, as a sentence. */
  does: string;
  rules: Partial<RuleSet>;
  /** The articles a run needs to show the fault, when one article is not enough. */
  articleIds?: number[];
}

type RuleName = keyof Rules;
type InputOf<K extends RuleName> = Parameters<Rules[K]>[1];
export type Body = Record<string, unknown>;

const isBody = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Runs the correct rule, then changes its outcome. */
export function after<K extends RuleName>(
  name: K,
  change: (outcome: Outcome, context: RuleContext, input: InputOf<K>) => Outcome,
): Partial<Rules> {
  const rule = defaultRules[name] as (context: RuleContext, input: InputOf<K>) => Outcome;
  const replaced = (context: RuleContext, input: InputOf<K>): Outcome => change(rule(context, input), context, input);
  return { [name]: replaced };
}

/** Changes the Article of the successful answers of the named rules. */
export function mapArticle(names: RuleName[], change: (article: Body) => Body): Partial<Rules> {
  const parts = names.map((name) =>
    after(name, (outcome) =>
      isSuccessStatus(outcome.status) && isBody(outcome.body)
        ? { ...outcome, body: change(structuredClone(outcome.body)) }
        : outcome,
    ),
  );
  return Object.assign({}, ...parts) as Partial<Rules>;
}

/** Changes a summary (`page`, `language`, `author`) inside an Article. */
export const mapSummary = (article: Body, field: string, change: (summary: Body) => Body): Body => ({
  ...article,
  [field]: change(article[field] as Body),
});

/** Changes each comment of every list answer. */
export function mapComments(change: (comment: Body) => unknown): Partial<Rules> {
  return after('listComments', (outcome) =>
    Array.isArray(outcome.body)
      ? { ...outcome, body: outcome.body.map((comment) => change(comment as Body)) }
      : outcome,
  );
}

export function storedArticle(context: RuleContext, articleId: number): StoredArticle | undefined {
  return context.store.article(articleId);
}

/** The `value` of a `{ value }` payload; the `article`, or its `data`, of an `{ article: { data } }` one. */
export const sentValue = (payload: unknown): unknown => (payload as { value?: unknown } | null)?.value;
export const sentArticle = (payload: unknown): Body => {
  const article = (payload as { article?: unknown } | null)?.article;
  return isBody(article) ? article : {};
};
export const sentData = (payload: unknown): Body => sentUpdateData(payload) ?? {};

export const withoutMillis = (timestamp: unknown): string => String(timestamp).replace(/\.[0-9]{3}Z$/, 'Z');
