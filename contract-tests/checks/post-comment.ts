/**
 * Interface section 4.6: a comment posted as JSON in the `comment` envelope appears in the list.
 * The status and body of the post's answer are not stated, so neither is judged; the interface
 * offers no way to remove a comment, so this is the one change a run cannot undo. The listed
 * comment's shape needs no check of its own: `listAt` holds every item of a list to 2.2.
 */
import { fail, isObject, showAnswer } from '../failure';
import type { Check } from './check';
import { listAddresses, listAt } from './comment-lists';
import { pathOf } from './steps';

const postComment: Check = {
  id: 'post-comment-listed',
  section: '4.6',
  title: 'lists a comment posted with Content-Type application/json in the comment envelope, at every list address',
  changesData: false,
  postsComment: true,
  async run(context) {
    const comment = {
      author: `Contract suite ${context.marker}`,
      author_email: 'contract-suite@example.com',
      body: `Posted by an automated conformance run (${context.marker}); the interface offers no way to remove it.`,
    };
    const post = await context.client.send({
      method: 'POST',
      to: pathOf('postComment', context.articleId),
      json: { comment },
    });
    for (const [name, address] of await listAddresses(context)) {
      const list = await listAt(context, address, name);
      const found = list.items.find(
        (item) => isObject(item) && item.author === comment.author && item.body === comment.body,
      );
      if (found === undefined) {
        fail(
          `the list at ${name} holds the posted comment (author ${comment.author})`,
          `not among its ${list.items.length} comments; the post answered ${showAnswer(post)}`,
          post,
          ...list.pages,
        );
      }
    }
    return undefined;
  },
};

export const postChecks: Check[] = [postComment];
