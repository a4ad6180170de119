/** The next page of a list is only where a `Link: rel="next"` header names it (interface 4.5 shows no paging). */
import { nextLink } from './paging';

const here = 'http://host/admin/api/site/articles/1/comments.json';

test.each([
  { header: null, want: undefined },
  { header: '', want: undefined },
  { header: '<http://host/c?page=1>; rel="first", <http://host/c?page=2>; rel="next"', want: 'http://host/c?page=2' },
  { header: '<http://host/c?page=3>; rel="last"', want: undefined },
  { header: '</c?page=2&per_page=50>; rel=next', want: 'http://host/c?page=2&per_page=50' },
  { header: '<http://host/c?a=1,2>; rel="prev next"', want: 'http://host/c?a=1,2' },
])('finds the next page in $header', ({ header, want }) => {
  expect(nextLink(header, here)).toBe(want);
});
