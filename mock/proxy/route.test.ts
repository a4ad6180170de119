/** Which requests the proxy judges, and as which operation of section 4. */
import { routeOf } from './route';

describe('routeOf', () => {
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
  ])('takes %s %s for %s', (method, target, operation, key) => {
    expect(routeOf(method, target)).toEqual({
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
  ])('leaves %s %s outside the interface', (method, target) => {
    expect(routeOf(method, target)).toBeUndefined();
  });
});
