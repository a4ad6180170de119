/** Which requests the proxy judges, and as which operation of section 4: read from the row the core's one lookup found. */
import { createCore } from '../core/pipeline';
import { answerText, plainJsonRequest } from '../core/plain';
import { servedControl } from '../core/control-stage';
import { jsonAnswer } from '../core/answers';
import { judgedRequest } from './route';

/** A proxy's core whose forwarding stage answers with what the request is judged as. */
const core = createCore({
  forward: (request, route, routed) =>
    Promise.resolve(jsonAnswer(200, judgedRequest(request.method, route, routed.rawParams) ?? null)),
  control: servedControl('proxy', {} as never),
});

async function judgedAs(method: string, target: string): Promise<unknown> {
  const answer = await core.handle(plainJsonRequest(method, target, undefined, { host: '127.0.0.1' }));
  return JSON.parse(answerText(answer)) as unknown;
}

test.each([
  ['GET', '/admin/api/articles/7', 'readArticle', undefined],
  ['PUT', '/admin/api/articles/7?api_token=t', 'updateArticle', undefined],
  ['PUT', '/admin/api/articles/7/data/caf%C3%A9', 'setDataKey', 'café'],
  ['DELETE', '/admin/api/articles/7/data/%E0%A4%A', 'deleteDataKey', '%E0%A4%A'],
  ['GET', '/admin/api/site/articles/7/comments.json?page=2', 'listComments', undefined],
  ['GET', '/admin/api/site/article/7/comments.json', 'listComments', undefined],
  ['POST', '/admin/api/site/articles/7/comments.json', 'postComment', undefined],
  ['GET', '/admin/api/articles/7/comments', 'listComments', undefined],
  ['POST', '/admin/api/site/article/7/comments', 'postComment', undefined],
  ['GET', '/Admin/API/Articles/7/', 'readArticle', undefined],
])('judges %s %s as %s', async (method, target, operation, key) => {
  expect(await judgedAs(method, target)).toEqual({
    operation: expect.objectContaining({ id: operation }) as unknown,
    articleId: 7,
    ...(key !== undefined ? { key } : {}),
  });
});

test.each([
  ['HEAD', '/admin/api/articles/7'],
  ['PATCH', '/admin/api/articles/7'],
  ['GET', '/admin/api/articles'],
  ['GET', '/admin/api/articles/seven'],
  ['GET', '/admin/api/articles/7/contents'],
  ['GET', '/admin/api/articles/7/data/a/b'],
  ['GET', '/admin/api/articles/99999999999999999999'],
])('forwards %s %s unjudged', async (method, target) => {
  expect(await judgedAs(method, target)).toBeNull();
});
