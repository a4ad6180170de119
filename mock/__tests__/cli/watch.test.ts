/**
 * `--fixtures <file> --watch` on the real CLI (docs/mock.md): the file edited
 * in place and replaced by a rename, as editors save, is served again without a restart; a file
 * that does not check leaves the site as it was, writes made through the API included, and the
 * mock says why in the words of the start.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { killRunningClis, serving, startCli, type Cli } from '../../../test-support/cli-process';
import { tempFolders } from '../../../test-support/temp-files';
import sampleSite from '../../fixtures/sample-site.json';

jest.setTimeout(30_000);
afterEach(killRunningClis);
const newFolder = tempFolders('mock-watch');

const titled = (title: string): typeof sampleSite => ({
  ...sampleSite,
  articles: sampleSite.articles.map((article) => (article.id === 1 ? { ...article, title } : article)),
});

const articleOf = async (base: string): Promise<{ title: string; data: object }> =>
  (await (await fetch(`${base}/admin/api/articles/1`)).json()) as { title: string; data: object };
const titleOf = async (base: string): Promise<string> => (await articleOf(base)).title;
const dataOf = async (base: string): Promise<object> => (await articleOf(base)).data;

const putColour = (base: string): Promise<Response> =>
  fetch(`${base}/admin/api/articles/1/data/colour`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ value: 'teal' }),
  });

async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (await condition()) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`${what} did not happen within 10 s`);
}

async function started(file: string): Promise<{ cli: Cli; base: string }> {
  const cli = startCli(['--port', '0', '--quiet', '--fixtures', file, '--watch']);
  return { cli, base: await serving(cli) };
}

test('serves the fixture file again when it is edited in place or replaced by a rename', async () => {
  const folder = newFolder();
  const file = join(folder, 'site.json');
  writeFileSync(file, JSON.stringify(titled('first')));
  const { cli, base } = await started(file);
  expect(await titleOf(base)).toBe('first');
  expect((await putColour(base)).status).toBe(200);

  // A save in two writes, as some editors make it: the file emptied, then written a moment later.
  writeFileSync(file, '');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  writeFileSync(file, JSON.stringify(titled('edited in place')));
  await until('the reload of the edited file', async () => (await titleOf(base)) === 'edited in place');
  expect(cli.stdout()).toContain(`mock: ${file} changed; the site is loaded from it again\n`);
  expect(cli.stderr()).toBe('');
  // The file's site took the place of the one served, as a fixture loaded through the control API does.
  expect(await dataOf(base)).toEqual(sampleSite.articles[0]?.data);
  await putColour(base);
  expect((await fetch(`${base}/__mock/reset`, { method: 'POST' })).status).toBe(204);
  expect([await titleOf(base), await dataOf(base)]).toEqual(['edited in place', sampleSite.articles[0]?.data]);

  const saved = join(folder, '.site.json.swp');
  writeFileSync(saved, JSON.stringify(titled('renamed over it')));
  renameSync(saved, file);
  await until('the reload of the replaced file', async () => (await titleOf(base)) === 'renamed over it');
  expect(cli.stderr()).toBe('');
});

test('keeps the site as it was, writes included, and says why when the changed file does not check', async () => {
  const file = join(newFolder(), 'site.json');
  writeFileSync(file, JSON.stringify(titled('good')));
  const { cli, base } = await started(file);
  expect((await putColour(base)).status).toBe(200);

  const bad = titled('bad') as unknown as { articles: Record<string, unknown>[] };
  (bad.articles[2] as Record<string, unknown>).title = 5;
  writeFileSync(file, JSON.stringify(bad));
  await until('the message about the bad file', () => cli.stderr().length > 0);
  expect(cli.stderr()).toBe(
    `mock: ${file} changed but is not loaded, so the site stays as it was: ${file}: article 3:\n  /title: must be string\n`,
  );
  expect(await articleOf(base)).toMatchObject({ title: 'good', data: { colour: 'teal' } });

  writeFileSync(file, '{"pages": [');
  await until('the message about the broken file', () => cli.stderr().includes('JSON'));
  expect(cli.stderr()).toContain(
    `mock: ${file} changed but is not loaded, so the site stays as it was: ${file}: the JSON ends too soon, at line 1, column 12\n`,
  );
  expect(await titleOf(base)).toBe('good');
});
