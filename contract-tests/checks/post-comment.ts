/**
 * Interface section 4.6: a comment posted as JSON in the `comment` envelope is listed exactly once
 * at every list address (4.5) with a real 2.2 date, `comments_count` grows by exactly one and
 * matches each list, and nothing else about the article changes (judge/write.ts). The status
 * and body of the post's answer are not stated, so neither is judged beyond its media type; the
 * interface offers no way to remove a comment, so this is the one change a run cannot undo.
 */
import type { Check } from './check';
import { expectJudged, judgedWrite } from './judged';

const postComment: Check = {
  id: 'post-comment-listed',
  section: '4.6',
  title:
    'lists a comment posted as application/json in the comment envelope once at every list address, comments_count one higher',
  changesData: false,
  postsComment: true,
  async run(context) {
    const comment = {
      author: `Contract suite ${context.marker}`,
      author_email: 'contract-suite@example.com',
      body: `Posted by an automated conformance run (${context.marker}); the interface offers no way to remove it.`,
    };
    expectJudged(await judgedWrite(context, { operation: 'postComment', payload: { comment } }), 'POST comment');
    return undefined;
  },
};

export const postChecks: Check[] = [postComment];
