/** Variants breaking the comment shape (2.2), the comment list addresses (4.5) and posting (4.6). */
import { defaultRules, type ListInput } from '../../mock/rules';
import { ApiError } from '../../mock/core/api-error';
import { after, mapComments, type Variant } from './variant';

const isoDate = (date: unknown): string => {
  const [day, time] = String(date).split(' ');
  return `${String(day).replace(/\//g, '-')}T${String(time)}.000Z`;
};

/** Answers 404 at the list addresses whose path contains `segment`. */
const missingAt = (segment: string) => (context: Parameters<typeof defaultRules.listComments>[0], input: ListInput) => {
  if (new URL(input.selfUrl).pathname.includes(segment)) throw new ApiError('notFound');
  return defaultRules.listComments(context, input);
};

export const commentVariants: Record<string, Variant> = {
  'comment-date-iso': {
    section: '2.2',
    does: 'lists comment dates in ISO 8601 form',
    rules: mapComments((comment) => ({ ...comment, created_at: isoDate(comment.created_at) })),
  },
  'comment-date-dashes': {
    section: '2.2',
    does: 'lists comment dates with dashes (2024-02-01 10:12:45 +0000)',
    rules: mapComments((comment) => ({ ...comment, created_at: String(comment.created_at).replace(/\//g, '-') })),
  },
  'comment-without-author': {
    section: '2.2',
    does: 'lists comments without their author',
    rules: mapComments(({ author: _author, ...comment }) => comment),
  },
  'comment-author-as-object': {
    section: '2.2',
    does: 'lists the author as an object with a name',
    rules: mapComments((comment) => ({ ...comment, author: { name: comment.author } })),
  },
  'singular-path-404': {
    section: '4.5',
    does: 'answers 404 at site/article/<id>/comments.json',
    rules: { listComments: missingAt('/site/article/') },
  },
  'plural-path-404': {
    section: '4.5',
    does: 'answers 404 at site/articles/<id>/comments.json',
    rules: { listComments: missingAt('/site/articles/') },
  },
  'list-wrapped-in-object': {
    section: '4.5',
    does: 'answers the list as { "comments": [...] }',
    rules: after('listComments', (outcome) => ({ ...outcome, body: { comments: outcome.body } })),
  },
  'comments-url-lists-nothing': {
    section: '4.5',
    does: "answers an empty list at the article's comments_url",
    rules: after('listComments', (outcome, _context, input) =>
      /\/articles\/[0-9]+\/comments$/.test(new URL(input.selfUrl).pathname) ? { ...outcome, body: [] } : outcome,
    ),
  },
  'posted-comment-not-listed': {
    section: '4.6',
    does: 'answers a post with 200 and the comment but stores nothing',
    rules: {
      postComment: (_context, input) => ({
        status: 200,
        body: (input.payload as { comment?: unknown } | null)?.comment,
      }),
    },
  },
  'posted-comment-author-from-email': {
    section: '4.6',
    does: "stores the commenter's e-mail as the author",
    rules: {
      postComment: (context, input) => {
        const comment = (input.payload as { comment?: Record<string, unknown> } | null)?.comment ?? {};
        return defaultRules.postComment(context, {
          ...input,
          payload: { comment: { ...comment, author: comment.author_email } },
        });
      },
    },
  },
  'post-refuses-json': {
    section: '4.6',
    does: 'refuses every JSON post with 415',
    rules: {
      postComment: () => {
        throw new ApiError('unsupportedMediaType');
      },
    },
  },
};
