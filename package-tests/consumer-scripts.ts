/**
 * What the package test's empty projects run, as their users would write it: a strict TypeScript
 * file using the named types, the MSW handlers under msw/node, createApp without Express, and a
 * client importing the schemas package.
 */

export const typesFile = (
  from: string,
): string => `import type { Article, Comment, DataKeyResponse, paths } from '${from}';
type ReadAnswer = paths['/admin/api/articles/{article_id}']['get']['responses'][200]['content']['application/json'];
export const titleOf = (article: ReadAnswer): string => article.title;
export const sameShape = (article: Article): ReadAnswer => article;
export const authorOf = (comment: Comment): string => comment.author;
export const languageUrl = (answer: DataKeyResponse): string => answer.language.url;
// @ts-expect-error a comment has no title: the names are the interface's shapes
export const noTitle = (comment: Comment): string => comment.title;
// @ts-expect-error an article's id is a number: the package's types are real, not \`any\`
export const wrongId: Article['id'] = 'one';
`;

/** A frontend's typed use of the handlers: MSW's and the mock's types, and nothing of Express. */
export const handlersTypesFile = `import type { HttpHandler } from 'msw';
import { createHandlers } from 'site-articles-mock/msw';
const mock = createHandlers({ token: 'typed' });
export const handlers: HttpHandler[] = mock.handlers;
export const journalLength: number = mock.journal().length;
// @ts-expect-error the options are typed: a token is a string
createHandlers({ token: 1 });
`;

/** createApp from the package's main entry, served by its node:http adapter. */
export const createAppTypesFile = `import { createApp, nodeListener } from 'site-articles-mock';
export const listener = nodeListener(createApp({ token: 'typed' }));
`;

/** createApp's Express app mounted in the project's own Express app, with Express's types installed. */
export const expressTypesFile = `import express, { type Express } from 'express';
import { createApp } from 'site-articles-mock';
const outer = express();
const mocked: Express = createApp().app;
outer.use('/mock', mocked);
// @ts-expect-error .app has Express's type, not any: an Express app has no method 'nope'
createApp().app.nope();
export default outer;
`;

export const mswScript = `import { setupServer } from 'msw/node';
import { createHandlers } from 'site-articles-mock/msw';
const mock = createHandlers();
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: 'error' });
const answer = await fetch('http://msw.test/admin/api/articles/1');
const article = await answer.json();
const journal = mock.journal().length;
const state = await fetch('http://msw.test/__mock/state');
const site = await state.json();
server.close();
console.log(JSON.stringify({ status: answer.status, url: article.url, journal, state: state.status, articles: site.articles.length }));
`;

/** createApp without Express: served by the node:http adapter, and \`.app\` says what to install. */
export const withoutExpressScript = `import { createServer } from 'node:http';
import { createApp, nodeListener } from 'site-articles-mock';
const mock = createApp();
const server = createServer(nodeListener(mock)).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const answer = await fetch(\`http://127.0.0.1:\${server.address().port}/__mock/faults\`);
server.closeAllConnections();
server.close();
let refused = '';
try {
  mock.app;
} catch (error) {
  refused = error.message;
}
console.log(JSON.stringify({ faults: answer.status, refused }));
`;

export const clientScript = `import openapi from 'site-articles-schemas/openapi.json' with { type: 'json' };
import article from 'site-articles-schemas/strict/article.json' with { type: 'json' };
import { validateResponse } from 'site-articles-schemas/validation';
const violations = validateResponse('Article', { id: 'one' });
console.log(JSON.stringify({ openapi: openapi.openapi, schema: article.title, rejects: violations.length > 0 }));
`;
