/**
 * A contract check is plain data plus one function: which interface section it checks, a
 * sentence saying what the target does when it conforms, whether it changes the article's `data`
 * or posts a comment, and `run`, which throws a ContractFailure when the target breaks the rule.
 */
import type { Client } from '../http/client';
import type { MeetingTally } from '../concurrent/meetings';

export const sections = {
  '2.1': 'Article',
  '2.2': 'Comment',
  '4.1': 'Read one article',
  '4.2': 'Update an article',
  '4.3': 'Set or add one data key',
  '4.4': 'Remove one data key',
  '4.5': 'List comments of an article',
  '4.6': 'Post a comment',
} as const;

export type Section = keyof typeof sections;

/** Requests the concurrency checks send at once unless `--concurrency` says otherwise. */
export const defaultConcurrency = 8;

/**
 * Checks run at once unless `--max-in-flight` says otherwise: as many as the requests of a default
 * burst, so the run never has more in flight than one burst and a few single requests.
 */
export const defaultMaxInFlight = 8;

export interface CheckContext {
  client: Client;
  articleId: number;
  /**
   * Unique to one run and article (`contract_<run id>_on<article id>`, marker.ts); every key a
   * check writes is `<marker>_<name>`.
   */
  marker: string;
  /** Requests the concurrency checks send at once, each on its own connection; 1 turns them off. */
  concurrency: number;
  /**
   * Checks at once over the run (`--max-in-flight`), and the most key writes of distinct keys one
   * check sends at once (judged-at-once.ts); 1 sends everything one at a time.
   */
  maxInFlight: number;
  /** Seed of the generated values and key names; failures name it so `--seed` replays them. */
  seed: number;
  /** The article's data when the run began (absent in a read-only run). */
  startData?: Record<string, unknown>;
  /**
   * Whether a data key belongs to another check in flight on this article while this one runs (its
   * keys carry that check's marker): such keys change under this check's feet, so what it reads is
   * judged without them. Absent when the check runs alone.
   */
  othersOwn?: (key: string) => boolean;
  /** The run's other articles whose data the run restores (a check that `spansArticles` may write there). */
  otherArticles?: number[];
  /** This check's marker on another article of the run, for the keys it writes there. */
  markerOn?: (articleId: number) => string;
  /** The run's tally of which operations met at once in its bursts (the report lists it). */
  meetings?: MeetingTally;
}

export interface Check {
  /** Stable short name, e.g. `set-key-round-trip`. */
  id: string;
  section: Section;
  /** Present-tense sentence about what a conforming target does. */
  title: string;
  changesData: boolean;
  postsComment: boolean;
  /**
   * Whether it may run while other such checks run on the same article: it writes only keys of its
   * own, by key writes (4.3, 4.4), posts nothing, and judges every read through `othersOwn`. A check
   * without it runs alone on its article.
   */
  sharesArticle?: boolean;
  /** Whether it writes to the run's other articles too: it then runs alone, once every article's other checks are done. */
  spansArticles?: boolean;
  /**
   * Runs the check; resolves to a note when the check cannot apply to this article (for example
   * no reserved key to try to change), throws a ContractFailure when the target breaks the rule.
   */
  run(context: CheckContext): Promise<string | undefined>;
}

export const sectionHeading = (section: Section): string => `${section} ${sections[section]}`;
