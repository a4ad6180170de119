/**
 * The last read of each article while nothing can have changed it since (interface 4.1).
 * A read of an article (4.1) answered 200 with its `data`, while no request that may change that
 * article was under way or sent after the read left, is the article until the next such request: a
 * second read would show nothing new, and on a target 500 ms away the suite's second reads of
 * unchanged articles (a check's "before" that the previous write's "after" had just read, the
 * untouched-keys check's read after a check that had just read) were a third of its round trips. So a read asked
 * for through `Client.readNow` is given that answer instead of another round trip.
 *
 * A request that may change an article is any but GET to one of its addresses (4.2 to 4.6), or to
 * an address that names no article of section 4, which may change any. A write that never got an
 * answer may still land at any time, so its article's reads are never reused after it.
 */
import { matchRoute } from 'site-articles-schemas/conformance';
import type { SentRequest } from './curl';

/** What a request is about: the id of the article it names (as in its path), or any article. */
type About = string | typeof anyArticle;
const anyArticle = Symbol('any article');

interface ArticleChanges<Answer> {
  /** Requests that may change the article, counted when sent and again when answered. */
  moves: number;
  underWay: number;
  /** A write to it got no answer: it may land at any time. */
  unsettled: boolean;
  latest?: { answer: Answer; moves: number };
}

/** The parts of an answer a reused read needs: its status and parsed body. */
export interface Settled {
  status: number;
  json: unknown;
}

/** An article id as the suite writes it (`7`); any other spelling (`07`, `%37`) counts as no id, so as any article. */
function canonicalId(raw: string | undefined): string | undefined {
  return raw !== undefined && /^(0|[1-9][0-9]*)$/.test(raw) ? raw : undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An answer that shows an article's data, as a reused read must: anything else is asked again. */
const showsData = (answer: Settled): boolean =>
  answer.status === 200 && isObject(answer.json) && isObject(answer.json.data);

export class SettledReads<Answer extends Settled> {
  private readonly articles = new Map<About, ArticleChanges<Answer>>();
  private readonly origin: string;
  /** The path below which the catalogue's addresses lie (a base address may have a path of its own). */
  private readonly basePath: string;

  constructor(baseUrl: string) {
    const base = new URL(baseUrl);
    this.origin = base.origin;
    this.basePath = base.pathname.replace(/\/+$/, '');
  }

  /** The article a request is about; undefined for a read of anything but an article. */
  private aboutOf(request: Pick<SentRequest, 'method' | 'url'>): About | undefined {
    const url = new URL(request.url);
    const own = url.origin === this.origin && url.pathname.startsWith(this.basePath);
    const match = own ? matchRoute(request.method, url.pathname.slice(this.basePath.length)) : undefined;
    const articleId = canonicalId(match?.rawParams.article_id);
    if (request.method === 'GET') return match?.operation === 'readArticle' ? articleId : undefined;
    return articleId ?? anyArticle;
  }

  private changesOf(about: About): ArticleChanges<Answer> {
    const found = this.articles.get(about) ?? { moves: 0, underWay: 0, unsettled: false };
    this.articles.set(about, found);
    return found;
  }

  /** The article's own changes and those of requests that may change any article, together. */
  private stateOf(articleId: string): { moves: number; underWay: number; unsettled: boolean } {
    const own = this.changesOf(articleId);
    const any = this.changesOf(anyArticle);
    return {
      moves: own.moves + any.moves,
      underWay: own.underWay + any.underWay,
      unsettled: own.unsettled || any.unsettled,
    };
  }

  /** Told of every request as it leaves; the function it gives back is told of its answer (undefined: none came). */
  sending(request: Pick<SentRequest, 'method' | 'url'>): (answer: Answer | undefined) => void {
    const about = this.aboutOf(request);
    if (about === undefined) return () => undefined;
    if (request.method === 'GET' && typeof about === 'string') {
      const sent = this.stateOf(about);
      return (answer) => {
        const now = this.stateOf(about);
        // A write under way when the read left is still under way now, or its answer moved the count.
        const unchanged = now.underWay === 0 && now.moves === sent.moves && !now.unsettled;
        if (answer && unchanged && showsData(answer)) this.changesOf(about).latest = { answer, moves: now.moves };
      };
    }
    const changes = this.changesOf(about);
    changes.moves += 1;
    changes.underWay += 1;
    return (answer) => {
      changes.moves += 1;
      changes.underWay -= 1;
      if (!answer) changes.unsettled = true;
    };
  }

  /** The last read of the article at `url` when nothing can have changed it since, else undefined. */
  latest(url: string): Answer | undefined {
    const about = this.aboutOf({ method: 'GET', url });
    if (typeof about !== 'string') return undefined;
    const { latest } = this.changesOf(about);
    const now = this.stateOf(about);
    return latest && now.underWay === 0 && !now.unsettled && latest.moves === now.moves ? latest.answer : undefined;
  }
}
