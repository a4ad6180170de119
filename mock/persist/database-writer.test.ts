/**
 * The writer sends a batch to its worker in parts and commits it once, whole: a batch larger than
 * a part is all in the file when it is acknowledged, and one whose rows cannot all be made leaves
 * the file as it was.
 */
import { join } from 'node:path';
import Database from 'libsql';
import type { Row } from './database-format';
import { DatabaseWriter } from './database-writer';
import { tempFolders } from '../../test-support/temp-files';

const newFolder = tempFolders('writer');

jest.setTimeout(30_000);

const comment = (articleId: number, body: string): Row => ({
  table: 'comments',
  key: articleId,
  record: JSON.stringify({ article_id: articleId, body }),
});

function* comments(count: number, from = 0): Generator<Row> {
  for (let index = from; index < from + count; index += 1) yield comment(1, `comment ${String(index)}`);
}

function savedBodies(path: string): string[] {
  const connection = new Database(path);
  try {
    const rows = connection.prepare('SELECT record FROM comments ORDER BY seq').raw().all() as [string][];
    return rows.map(([record]) => (JSON.parse(record) as { body: string }).body);
  } finally {
    connection.close();
  }
}

describe('the database writer', () => {
  let writer: DatabaseWriter | undefined;
  afterEach(async () => {
    await writer?.close();
  });

  test('commits a whole site of many parts as one, in order, before it answers', async () => {
    const path = join(newFolder(), 'site.db');
    writer = new DatabaseWriter(path);
    await writer.write({ whole: true, rows: comments(12_345) });
    const bodies = savedBodies(path);
    expect(bodies).toHaveLength(12_345);
    expect(bodies[12_344]).toBe('comment 12344');
    await writer.write({ whole: false, rows: [comment(1, 'one more')] });
    expect(savedBodies(path).at(-1)).toBe('one more');
  });

  test('leaves the file as it was when the rows of a whole site cannot all be made', async () => {
    const path = join(newFolder(), 'site.db');
    writer = new DatabaseWriter(path);
    await writer.write({ whole: true, rows: comments(3) });
    function* breaksMidway(): Generator<Row> {
      yield* comments(11_000, 100);
      throw new Error('a record cannot be written');
    }
    await expect(writer.write({ whole: true, rows: breaksMidway() })).rejects.toThrow('a record cannot be written');
    expect(savedBodies(path)).toEqual(['comment 0', 'comment 1', 'comment 2']);
    await writer.write({ whole: false, rows: [comment(1, 'after')] });
    expect(savedBodies(path)).toEqual(['comment 0', 'comment 1', 'comment 2', 'after']);
  });
});
