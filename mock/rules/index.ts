/**
 * The mock's rules, one per operation of interface section 4, as a record so that each row of the
 * core's route list calls its operation's rule by id and a variant can replace any one of them.
 */
import type { OperationId } from 'site-articles-schemas/catalogue';
import { deleteDataKey, readArticle, setDataKey, updateArticle } from './articles';
import { listComments, postComment } from './comments';
import type { ArticleInput, KeyInput, ListInput, Outcome, PayloadInput, RuleContext } from './context';

export interface Rules {
  readArticle(context: RuleContext, input: ArticleInput): Outcome;
  updateArticle(context: RuleContext, input: PayloadInput): Outcome;
  setDataKey(context: RuleContext, input: KeyInput & PayloadInput): Outcome;
  deleteDataKey(context: RuleContext, input: KeyInput): Outcome;
  listComments(context: RuleContext, input: ListInput): Outcome;
  postComment(context: RuleContext, input: PayloadInput): Outcome;
}

/**
 * Rules as a caller may give them: any of them may take its time and answer with a promise (a
 * variant that waits between reading and writing, as a racy store does, or one that delays its
 * writes). The mock's own rules answer at once, so the core awaits only when a rule returns a promise.
 */
export type RuleSet = { [K in keyof Rules]: (...args: Parameters<Rules[K]>) => Outcome | Promise<Outcome> };

/** `satisfies`: a new operation row in the tables without a rule here fails to compile. */
export const defaultRules: Rules = {
  readArticle,
  updateArticle,
  setDataKey,
  deleteDataKey,
  listComments,
  postComment,
} satisfies Record<OperationId, unknown>;

export * from './context';
export { Refusal, type RefusalCode } from './refusal';
