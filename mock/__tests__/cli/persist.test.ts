/**
 * `--persist <file>` on the real CLI (child processes): the database is created from the fixture,
 * changes survive a restart, reset reaches the file, a JSON site of the earlier `--persist` is
 * migrated with its original kept, and a file that is not a site stops the start (exit 2, the
 * file untouched). Kills with SIGKILL are persist-kill.test.ts.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { killRunningClis, serving, startCli, type Cli } from '../../../test-support/cli-process';
import { tempFolders } from '../../../test-support/temp-files';
import type { SiteFixture } from '../../store/records';
import sampleSite from '../../fixtures/sample-site.json';

jest.setTimeout(60_000);
afterEach(killRunningClis);

const folder = tempFolders('mock-persist');

async function putKey(base: string, key: string, value: unknown): Promise<void> {
  const response = await fetch(`${base}/admin/api/articles/1/data/${key}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ value }),
  });
  expect(`${String(response.status)} ${response.status === 200 ? '' : await response.text()}`).toBe('200 ');
}

const dataOf = async (base: string): Promise<Record<string, unknown>> =>
  ((await (await fetch(`${base}/admin/api/articles/1`)).json()) as { data: Record<string, unknown> }).data;

/** The first article's data as the file holds it, read with SQLite itself while the mock runs. */
function savedData(file: string): Record<string, unknown> {
  const connection = new Database(file);
  try {
    const row = connection.prepare('SELECT record FROM articles WHERE id = 1').get() as { record: string };
    return (JSON.parse(row.record) as { data: Record<string, unknown> }).data;
  } finally {
    connection.close();
  }
}

async function stop(cli: Cli): Promise<void> {
  cli.child.kill('SIGTERM');
  expect(await cli.exit).toBe(0);
}

describe('--persist', () => {
  it('creates the database from the fixture, has each write in it when answered, and starts from it again', async () => {
    const file = join(folder(), 'site.db');
    const first = startCli(['--port', '0', '--quiet', '--persist', file]);
    const base = await serving(first);
    await putKey(base, 'colour', 'teal');
    expect(savedData(file)).toHaveProperty('colour', 'teal');
    await stop(first);
    // After a clean stop the database file alone holds the site: a copy of it is complete.
    const copy = join(folder(), 'copy.db');
    copyFileSync(file, copy);
    expect(savedData(copy)).toHaveProperty('colour', 'teal');

    const second = startCli(['--port', '0', '--quiet', '--persist', file]);
    const again = await serving(second);
    expect(await dataOf(again)).toHaveProperty('colour', 'teal');
    const state = (await (await fetch(`${again}/__mock/state`)).json()) as SiteFixture;
    expect(state.comments).toHaveLength(sampleSite.comments.length);
  });

  it('answers reads after a restart as before it, comments posted on either side listed and counted', async () => {
    const file = join(folder(), 'site.db');
    const first = startCli(['--port', '0', '--quiet', '--persist', file]);
    const base = await serving(first);
    const articleId = sampleSite.articles[1]?.id ?? 2;
    const comments = `${base}/admin/api/articles/${String(articleId)}/comments`;
    const post = (body: string, at: string): Promise<Response> =>
      fetch(`${at}/admin/api/articles/${String(articleId)}/comments`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ comment: { author: 'Ann', author_email: 'ann@example.com', body } }),
      });
    expect((await post('before the restart', base)).status).toBe(200);
    const articleBefore = await (await fetch(`${base}/admin/api/articles/${String(articleId)}`)).json();
    const listBefore = await (await fetch(comments)).json();
    await stop(first);

    const second = startCli(['--port', '0', '--quiet', '--persist', file]);
    const again = await serving(second);
    const articleAfter = await (await fetch(`${again}/admin/api/articles/${String(articleId)}`)).json();
    expect(JSON.stringify(articleAfter).replaceAll(again, base)).toBe(JSON.stringify(articleBefore));
    expect(await (await fetch(`${again}/admin/api/articles/${String(articleId)}/comments`)).json()).toEqual(listBefore);
    expect((await post('after the restart', again)).status).toBe(200);
    const read = (await (await fetch(`${again}/admin/api/articles/${String(articleId)}`)).json()) as {
      comments_count: number;
    };
    expect(read.comments_count).toBe((articleBefore as { comments_count: number }).comments_count + 1);
    const list = (await (await fetch(`${again}/admin/api/articles/${String(articleId)}/comments`)).json()) as {
      body: string;
    }[];
    expect(list.slice(0, 2).map((comment) => comment.body)).toEqual(['after the restart', 'before the restart']);
  });

  it('puts the fixture back into the file on reset, and a loaded fixture too, before answering', async () => {
    const file = join(folder(), 'site.db');
    const cli = startCli(['--port', '0', '--quiet', '--persist', file]);
    const base = await serving(cli);
    await putKey(base, 'colour', 'teal');
    expect((await fetch(`${base}/__mock/reset`, { method: 'POST' })).status).toBe(204);
    expect(savedData(file)).not.toHaveProperty('colour');

    const fixture = structuredClone(sampleSite);
    (fixture.articles[0] as { data: Record<string, unknown> }).data = { loaded: true };
    const loaded = await fetch(`${base}/__mock/fixture`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(fixture),
    });
    expect(loaded.status).toBe(204);
    expect(savedData(file)).toEqual({ loaded: true });
  });

  it('takes in a JSON site saved by the earlier --persist, keeping the original beside the database', async () => {
    const dir = folder();
    const file = join(dir, 'site.json');
    const site = structuredClone(sampleSite);
    (site.articles[0] as { data: Record<string, unknown> }).data = { migrated: 'yes' };
    const original = `${JSON.stringify(site, null, 2)}\n`;
    writeFileSync(file, original);

    const cli = startCli(['--port', '0', '--quiet', '--persist', file]);
    const base = await serving(cli);
    expect(await dataOf(base)).toEqual({ migrated: 'yes' });
    expect(cli.stderr()).toContain(`${file}.before-sqlite.json`);
    expect(readFileSync(`${file}.before-sqlite.json`, 'utf8')).toBe(original);
    expect(readFileSync(file).subarray(0, 15).toString()).toBe('SQLite format 3');
    await putKey(base, 'after', 1);
    await stop(cli);

    const again = startCli(['--port', '0', '--quiet', '--persist', file]);
    expect(await dataOf(await serving(again))).toEqual({ migrated: 'yes', after: 1 });
    expect(again.stderr()).not.toContain('before-sqlite');
  });

  function otherDatabase(file: string): void {
    const connection = new Database(file);
    connection.exec('CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES (1)');
    connection.close();
  }

  const sampleSiteFile = join(__dirname, '..', '..', 'fixtures', 'sample-site.json');
  const notWritten =
    'is a JSON file that --persist did not write, so it is left as it is; to serve it and keep its changes in a new database: --fixtures <file> --persist <new file>';
  const writing = (text: string) => (file: string) => {
    writeFileSync(file, text);
  };
  it.each<[string, (file: string) => void, string]>([
    [
      'is a fixture a person wrote (the sample site as Prettier formats it)',
      (file) => {
        copyFileSync(sampleSiteFile, file);
      },
      notWritten,
    ],
    ['is a fixture saved from the control API (GET /__mock/state)', writing(JSON.stringify(sampleSite)), notWritten],
    ['is not JSON', writing('{"pages": ['), notWritten],
    ['is JSON but not a site', writing(JSON.stringify({ pages: 'none' })), notWritten],
    ['is neither JSON nor SQLite', writing('name,value\ncolour,teal\n'), 'is neither a site saved by --persist'],
    [
      'is an SQLite database of something else',
      otherDatabase,
      'is an SQLite database, but not a site saved by --persist',
    ],
  ])('stops the start with exit code 2 when the file %s, saying so and leaving it as it was', async (_, make, says) => {
    const dir = folder();
    const file = join(dir, 'site.db');
    make(file);
    const before = readFileSync(file);
    const cli = startCli(['--port', '0', '--persist', file]);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toContain(`${file}: ${says.replace('<file>', file)}`);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(dir)).toEqual(['site.db']);
  });

  it('stops the start with exit code 2 when the folder of the file does not exist', async () => {
    const file = join(folder(), 'missing', 'site.db');
    const cli = startCli(['--port', '0', '--persist', file]);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toContain('does not exist');
  });

  it('answers a write 503, naming the cause, when its change cannot be saved, undoes it, and keeps serving', async () => {
    const dir = join(folder(), 'site');
    mkdirSync(dir);
    const file = join(dir, 'site.db');
    const cli = startCli(['--port', '0', '--quiet', '--persist', file]);
    const base = await serving(cli);
    await putKey(base, 'before', 1);
    const connection = new Database(file);
    connection.exec('BEGIN EXCLUSIVE');
    const refused = await fetch(`${base}/admin/api/articles/1/data/blocked`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ value: 2 }),
    });
    connection.exec('ROLLBACK');
    connection.close();
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { message: string }).message).toMatch(/could not be saved.*locked/i);
    // Refused is refused: no read shows the change, and no later commit carries it in.
    expect(await dataOf(base)).not.toHaveProperty('blocked');
    await putKey(base, 'after', 3);
    expect(savedData(file)).toMatchObject({ before: 1, after: 3 });
    expect(savedData(file)).not.toHaveProperty('blocked');
    expect(await dataOf(base)).not.toHaveProperty('blocked');
  });
});
