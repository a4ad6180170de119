/**
 * Many requests at once against one article lose nothing. Writes to different keys all
 * land, comment posts all land, and comments_count, X-Total-Entries and the list agree.
 */
import { startMock, type Harness } from './harness';
import { commentCountProblems } from './property';
import { read, write, type ArticleView } from './requests';

let harness: Harness;
beforeAll(async () => {
  harness = await startMock();
});
afterAll(() => harness.close());
beforeEach(() => {
  harness.mock.reset();
});

const parallel = 200;
const indexes = Array.from({ length: parallel }, (_, index) => index);

test('lands every one of many parallel writes to different keys of one article', async () => {
  const answers = await Promise.all(
    indexes.map((index) => write(harness, 'PUT', `/admin/api/articles/1/data/key_${index}`, { value: { index } })),
  );
  expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  const data = ((await read(harness, '/admin/api/articles/1')).body as ArticleView).data;
  expect(indexes.filter((index) => JSON.stringify(data[`key_${index}`]) !== JSON.stringify({ index }))).toEqual([]);
  expect(data.svc_import_source).toBe('legacy-blog');
});

test('lands every one of many parallel comment posts and counts them', async () => {
  const before = harness.mock.state().comments.filter((comment) => comment.article_id === 1).length;
  const answers = await Promise.all(
    indexes.map((index) =>
      write(harness, 'POST', '/admin/api/site/articles/1/comments.json', {
        comment: { author: `Reader ${index}`, author_email: `reader${index}@example.com`, body: `Comment ${index}` },
      }),
    ),
  );
  expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  const list = await read(harness, '/admin/api/site/articles/1/comments.json?per_page=250');
  const bodies = new Set((list.body as { body: string }[]).map((comment) => comment.body));
  expect(indexes.filter((index) => !bodies.has(`Comment ${index}`))).toEqual([]);
  expect(list.headers['x-total-entries']).toBe(String(before + parallel));
  expect(await commentCountProblems(harness, 1)).toEqual([]);
});

test('keeps reads whole while writes to the same article run in parallel', async () => {
  const answers = await Promise.all(
    indexes.map((index) =>
      index % 2 === 0
        ? write(harness, 'PUT', `/admin/api/articles/2/data/key_${index}`, { value: index })
        : read(harness, '/admin/api/articles/2'),
    ),
  );
  expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  const data = ((await read(harness, '/admin/api/articles/2')).body as ArticleView).data;
  expect(Object.keys(data).filter((key) => key.startsWith('key_'))).toHaveLength(parallel / 2);
});
