/** The one route table of section 4 (from the generated catalogue): given/want tables. */
import { fillPath, matchRoute, parseArticleId, pathsOf, routeUrlPatterns } from './routes';

test.each([
  { method: 'GET', path: '/admin/api/articles/7', operation: 'readArticle', params: { article_id: '7' } },
  {
    method: 'PUT',
    path: '/admin/api/articles/7/data/a%20b',
    operation: 'setDataKey',
    params: { article_id: '7', key: 'a%20b' },
  },
  { method: 'HEAD', path: '/admin/api/articles/7', operation: 'readArticle', params: { article_id: '7' } },
  { method: 'POST', path: '/admin/api/articles/7/comments', operation: 'postComment', params: { article_id: '7' } },
  {
    method: 'GET',
    path: '/ADMIN/api/site/Article/7/comments.json/',
    operation: 'listComments',
    params: { article_id: '7' },
  },
  { method: 'PATCH', path: '/admin/api/articles/7', operation: undefined, params: { article_id: '7' } },
])('$method $path is $operation', ({ method, path, operation, params }) => {
  expect(matchRoute(method, path)).toMatchObject({ operation, rawParams: params });
});

test.each(['/admin/api/articles', '/admin/api/articles/7/contents', '/admin/api/articles/7/data/a/b'])(
  '%s is no route of section 4',
  (path) => {
    expect(matchRoute('GET', path)).toBeUndefined();
  },
);

test('a known path with another method gives the methods it takes', () => {
  expect(matchRoute('DELETE', '/admin/api/site/articles/1/comments.json')?.allow).toBe('GET, HEAD, POST');
});

test('the comment list has its own path first, then its further addresses with where each is stated', () => {
  expect(pathsOf('listComments').map(({ statedBy }) => statedBy)).toEqual(['4.5', '4.5', '2.1', '2.1', 'conventions']);
});

test('filling a path encodes each parameter', () => {
  expect(fillPath('/admin/api/articles/{article_id}/data/{key}', { article_id: 3, key: 'a/b?' })).toBe(
    '/admin/api/articles/3/data/a%2Fb%3F',
  );
});

test.each([
  '/admin/api/articles/7',
  '/ADMIN/api/site/Article/7/comments.json/',
  '/admin/api/articles/%zz/data/a%2Fb',
  '/admin/api/articles',
  '/admin/api/articles/7/contents',
  '/admin/api/articles/7/data/a/b',
  '/admin/api/articles/7//',
])('as a URL pattern at any origin, %s matches exactly when matchRoute finds a route', (path) => {
  const matched = routeUrlPatterns().some((pattern) => pattern.test(`https://shop.example:8443${path}`));
  expect(matched).toBe(matchRoute('GET', path) !== undefined);
});

test.each([
  { raw: '7', want: 7 },
  { raw: '007', want: 7 },
  { raw: '9007199254740991', want: 9007199254740991 },
  { raw: '9007199254740992', want: undefined },
  { raw: '99999999999999999', want: undefined },
  { raw: '', want: undefined },
  { raw: '-1', want: undefined },
  { raw: '1.5', want: undefined },
  { raw: '1e3', want: undefined },
  { raw: ' 7', want: undefined },
  { raw: '0x10', want: undefined },
])('parseArticleId reads $raw as $want', ({ raw, want }) => {
  expect(parseArticleId(raw)).toBe(want);
});
