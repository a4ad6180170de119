/**
 * A lint rule of the project's own: comments speak of the code in the present, so none cites the
 * issue that asked for it (the word "issue" or "issues" and a number, with or without `#`): which
 * issue and how the work went belong in commit messages and docs/decisions/. No published rule
 * reads what comments say.
 */
const citation = /\bissues?\s+#?\d+/i;

/** @type {import('eslint').Rule.RuleModule} */
export const noIssueCitations = {
  meta: {
    type: 'suggestion',
    docs: { description: 'comments say what the code does and why, not which issue asked for it' },
    messages: { cited: 'a comment cites an issue ("{{text}}"): say what the code does and why instead' },
    schema: [],
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const found = citation.exec(comment.value);
          if (found) context.report({ loc: comment.loc, messageId: 'cited', data: { text: found[0].trim() } });
        }
      },
    };
  },
};

export const workHistory = { rules: { 'no-issue-citations': noIssueCitations } };
