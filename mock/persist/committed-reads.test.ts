/**
 * `--persist`: a read shows only what is saved (docs/persistence.md). While a write to an article
 * waits for its commit, reads of that article answer as the file holds it, and reads of other
 * articles from memory; once the write is acknowledged, reads show it.
 */
import { join } from 'node:path';
import { createApp } from '../index';
import { answerText, plainJsonRequest, type PlainAnswer, type PlainRequest } from '../core/plain';
import { SiteDatabase } from './site-database';
import { UnreadableSite } from '../store/saved-records';
import { toApiError } from '../core/errors';
import { openConnection } from './database-format';
import { SavedSite } from './saved-site';
import { tempFolders } from '../../test-support/temp-files';

const newFolder = tempFolders('committed-reads');

jest.setTimeout(30_000);

const request = (method: string, url: string, json?: unknown): PlainRequest =>
  plainJsonRequest(method, url, json, { host: '127.0.0.1:4010' });

async function answerOf(answer: PlainAnswer | Promise<PlainAnswer>): Promise<{ status: number; body: unknown }> {
  const settled = await answer;
  return { status: settled.status, body: JSON.parse(answerText(settled)) as unknown };
}

/** A mock over a new database, its first whole save done. */
async function persistedMock(): Promise<{ mock: ReturnType<typeof createApp>; database: SiteDatabase }> {
  const database = new SiteDatabase(join(newFolder(), 'site.db'), () => undefined);
  const mock = createApp({ persistence: database });
  await mock.settled();
  return { mock, database };
}

/** Lets the write's body be read and the rule run, not its commit (a worker's round trip) finish. */
async function untilInMemory(mock: ReturnType<typeof createApp>, key: string): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) {
    if (mock.state().articles.find((article) => article.id === 1)?.data[key] !== undefined) return;
    await Promise.resolve();
  }
  throw new Error('the write never reached memory');
}

test('a read of an article whose write awaits its commit shows the article as saved, then the write once acknowledged', async () => {
  const { mock, database } = await persistedMock();
  try {
    const write = mock.core.handle(request('PUT', '/admin/api/articles/1/data/pending', { value: 'soon' }));
    await untilInMemory(mock, 'pending');
    const during = await answerOf(mock.core.handle(request('GET', '/admin/api/articles/1')));
    const comments = await answerOf(mock.core.handle(request('GET', '/admin/api/articles/1/comments')));
    expect([during.status, (during.body as { data: object }).data]).toEqual([
      200,
      expect.not.objectContaining({ pending: 'soon' }),
    ]);
    expect(comments.status).toBe(200);
    expect((await write).status).toBe(200);
    const after = await answerOf(mock.core.handle(request('GET', '/admin/api/articles/1')));
    expect((after.body as { data: object }).data).toMatchObject({ pending: 'soon' });
  } finally {
    await database.close();
  }
});

test('a read of another article while a write awaits its commit is answered from memory, as always', async () => {
  const { mock, database } = await persistedMock();
  try {
    const write = mock.core.handle(request('PUT', '/admin/api/articles/1/data/pending', { value: 'soon' }));
    await untilInMemory(mock, 'pending');
    expect(database.committedView(2)).toBeUndefined();
    expect(database.committedView(1)).toBeDefined();
    expect((await answerOf(mock.core.handle(request('GET', '/admin/api/articles/2')))).status).toBe(200);
    await write;
    expect(database.committedView(1)).toBeUndefined();
  } finally {
    await database.close();
  }
});

test('a read that cannot read the site as saved is answered 503 naming the cause, not as the mock’s fault', async () => {
  const locked = {
    saved: undefined,
    follow: () => undefined,
    settled: () => Promise.resolve(),
    committedView: () => {
      throw new UnreadableSite(new Error('SQLITE_BUSY: database is locked'));
    },
  };
  const mock = createApp({ persistence: locked });
  const read = await answerOf(mock.core.handle(request('GET', '/admin/api/articles/1')));
  expect(read).toEqual({
    status: 503,
    body: { message: 'The site as saved could not be read: SQLITE_BUSY: database is locked' },
  });
});

test('a saved site whose database cannot be read says so as UnreadableSite, which the core answers 503', () => {
  // A file that holds no site: its tables cannot be read.
  const connection = openConnection(join(newFolder(), 'not-a-site.db'), { commits: false });
  try {
    expect(() => new SavedSite(connection)).toThrow(UnreadableSite);
  } finally {
    connection.close();
  }
  expect(toApiError(new UnreadableSite(new Error('SQLITE_BUSY: database is locked'))).status).toBe(503);
});
