/** What reads leave (4.1, 4.5 change nothing): the article after them is the one before them. */
import { judgeReads } from './reads';

const article = {
  id: 1,
  title: 'A title',
  updated_at: '2024-01-23T09:22:04.000Z',
  comments_count: 2,
  data: { kept: 1 },
  page: { id: 7, updated_at: '2024-01-23T09:22:04.000Z' },
};

test.each([
  ['nothing changed', article, []],
  ['only updated_at moved', { ...article, updated_at: '2024-02-01T00:00:00.000Z' }, []],
  ['only a summary field moved', { ...article, page: { id: 7, updated_at: '2025-01-01T00:00:00.000Z' } }, []],
  ['the title changed', { ...article, title: 'Another' }, ['/title']],
  ['a data key was added', { ...article, data: { kept: 1, added: true } }, ['/data/added']],
  ['comments_count moved', { ...article, comments_count: 3 }, ['/comments_count']],
])('finds exactly what changed after reads when %s', (_name, after, paths) => {
  const found = judgeReads({ before: article, after });
  expect(found.map((one) => one.path)).toEqual(paths);
  expect(found.every((one) => one.rule === 'read-changes-nothing')).toBe(true);
});
