/**
 * Variants that label success answers with a media type other than JSON; the interface says all
 * payloads are JSON. The body stays the right JSON: only the Content-Type header is wrong.
 */
import { isSuccessStatus } from 'site-articles-schemas/conformance';
import type { Rules } from '../../mock/rules';
import { after, type Variant } from './variant';

type Labelled = 'readArticle' | 'updateArticle' | 'setDataKey' | 'listComments' | 'postComment';

const labelled = (name: Labelled, contentType: string): Partial<Rules> =>
  after(name, (outcome) =>
    isSuccessStatus(outcome.status) && outcome.body !== undefined
      ? { ...outcome, headers: { ...outcome.headers, 'Content-Type': contentType } }
      : outcome,
  );

export const mediaTypeVariants: Record<string, Variant> = {
  'update-answer-text-plain': {
    section: '4.2',
    does: 'labels the answer of a full update text/plain',
    rules: labelled('updateArticle', 'text/plain'),
  },
  'set-key-answer-text-plain': {
    section: '4.3',
    does: 'labels the answer of a key write text/plain',
    rules: labelled('setDataKey', 'text/plain; charset=utf-8'),
  },
  'read-answer-text-html': {
    section: '4.1',
    does: 'labels the article read text/html',
    rules: labelled('readArticle', 'text/html'),
  },
  'list-answer-text-plain': {
    section: '4.5',
    does: 'labels comment lists text/plain',
    rules: labelled('listComments', 'text/plain'),
  },
  'post-answer-octet-stream': {
    section: '4.6',
    does: 'labels the answer of a comment post application/octet-stream',
    rules: labelled('postComment', 'application/octet-stream'),
  },
};

/** Media types the interface allows: a `+json` type with parameters. */
export const harmlessMediaTypeVariants: Record<string, Variant> = {
  'json-suffix-media-types': {
    section: '4.1',
    does: 'labels every success answer application/vnd.site+json; charset=utf-8',
    rules: Object.assign(
      {},
      ...(['readArticle', 'updateArticle', 'setDataKey', 'listComments', 'postComment'] as const).map((name) =>
        labelled(name, 'application/vnd.site+json; charset=utf-8'),
      ),
    ) as Partial<Rules>,
  },
};
