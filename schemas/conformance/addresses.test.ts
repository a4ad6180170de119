/** Address forms of section 2.1 from the schemas' `x-ends-with` annotations, for the right ids. */
import { judgeAddresses } from './addresses';

const article = {
  id: 7,
  url: 'http://h/admin/api/articles/7',
  contents_url: 'http://h/admin/api/articles/7/contents',
  comments_url: '/admin/api/articles/7/comments',
  page: { id: 3, url: 'http://h/admin/api/pages/3' },
  language: { id: 2, url: 'http://h/admin/api/languages/2' },
  author: { id: 5 },
};

test.each([
  { description: 'every address in its form for its own id', change: {}, want: [] },
  { description: 'an absent optional url', change: { language: { id: 2 } }, want: [] },
  {
    description: 'url for another article',
    change: { url: 'http://h/admin/api/articles/8' },
    want: [
      {
        rule: 'stated-addresses',
        path: '/url',
        expected: 'ends with /admin/api/articles/7',
        actual: '"http://h/admin/api/articles/8"',
      },
    ],
  },
  {
    description: 'page.url with the article id',
    change: { page: { id: 3, url: '/admin/api/pages/7' } },
    want: [
      {
        rule: 'stated-addresses',
        path: '/page/url',
        expected: 'ends with /admin/api/pages/3',
        actual: '"/admin/api/pages/7"',
      },
    ],
  },
  {
    description: 'comments_url with .json',
    change: { comments_url: '/admin/api/articles/7/comments.json' },
    want: [
      {
        rule: 'stated-addresses',
        path: '/comments_url',
        expected: 'ends with /articles/7/comments',
        actual: '"/admin/api/articles/7/comments.json"',
      },
    ],
  },
  {
    description: 'author.url that is not a string',
    change: { author: { id: 5, url: 5 } },
    want: [{ rule: 'stated-addresses', path: '/author/url', expected: 'ends with /admin/api/people/5', actual: '5' }],
  },
])('$description', ({ change, want }) => {
  expect(judgeAddresses('Article', { ...article, ...change })).toEqual(want);
});

test('the key-write answer requires nothing more of the forms than the read', () => {
  expect(judgeAddresses('DataKeyResponse', { ...article, author: { id: 5, url: '/admin/api/people/5' } })).toEqual([]);
});
