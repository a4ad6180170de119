/**
 * `--scenario <file|name>` and `--scenarios <dir>` on the real CLI (docs/scenarios.md): a scenario
 * file is served from the start, site and faults; a folder's scenarios are there at start, and one
 * saved through the control API is written to the folder, to be chosen by name at the next start.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { killRunningClis, serving, startCli } from '../../../test-support/cli-process';
import { tempFolders } from '../../../test-support/temp-files';
import sampleSite from '../../fixtures/sample-site.json';

jest.setTimeout(60_000);
afterEach(killRunningClis);
const newFolder = tempFolders('mock-scenarios');

const titled = (title: string): typeof sampleSite => ({
  ...sampleSite,
  articles: sampleSite.articles.map((article) => (article.id === 1 ? { ...article, title } : article)),
});
const titleOf = async (base: string): Promise<string> =>
  ((await (await fetch(`${base}/admin/api/articles/1`)).json()) as { title: string }).title;
const namesIn = async (base: string): Promise<{ name: string; inForce: boolean }[]> =>
  (await (await fetch(`${base}/__mock/scenarios`)).json()) as { name: string; inForce: boolean }[];

test('a scenario file is served from the start, with its faults, under its file name', async () => {
  const file = join(newFolder(), 'slow-launch.json');
  const faults = { failure: { status: 500, rate: 1, operation: 'postComment' } };
  writeFileSync(file, JSON.stringify({ site: titled('launch day'), faults }));
  const cli = startCli(['--port', '0', '--quiet', '--scenario', file]);
  const base = await serving(cli);
  expect(await titleOf(base)).toBe('launch day');
  expect(await (await fetch(`${base}/__mock/faults`)).json()).toEqual(faults);
  expect((await namesIn(base)).map((each) => [each.name, each.inForce])).toEqual([
    ['default', false],
    ['slow-launch', true],
  ]);
  expect(cli.stdout()).toContain(`  scenario  ${file}\n`);
});

test('a scenario saved into the --scenarios folder is a file there, chosen by name at the next start', async () => {
  const folder = join(newFolder(), 'scenarios');
  const first = startCli(['--port', '0', '--quiet', '--scenarios', folder]);
  const base = await serving(first);
  await fetch(`${base}/admin/api/articles/1/data/colour`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ value: 'kept for later' }),
  });
  const saved = await fetch(`${base}/__mock/scenarios`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'later' }),
  });
  expect(saved.status).toBe(201);
  const written = JSON.parse(readFileSync(join(folder, 'later.json'), 'utf8')) as { site: typeof sampleSite };
  expect(written.site.articles.find((article) => article.id === 1)?.data).toMatchObject({ colour: 'kept for later' });
  await killRunningClis();

  const second = startCli(['--port', '0', '--quiet', '--scenarios', folder, '--scenario', 'later']);
  const again = await serving(second);
  const article = (await (await fetch(`${again}/admin/api/articles/1`)).json()) as { data: object };
  expect(article.data).toMatchObject({ colour: 'kept for later' });
  expect(await fetch(`${again}/__mock/scenarios/later`, { method: 'DELETE' }).then((answer) => answer.status)).toBe(
    204,
  );
  expect(existsSync(join(folder, 'later.json'))).toBe(false);
});

test.each([
  [['--scenario', 'nowhere'], 'there is no scenario named "nowhere"; there are: default'],
  [['--scenario', 'x.json', '--persist', 'site.db'], '--scenario does not apply with --persist'],
  [['--scenario', './missing.json'], 'mock: ./missing.json: no such file'],
])('refuses %j at start with exit code 2, saying why', async (args, reason) => {
  const cli = startCli(['--port', '0', ...args]);
  expect(await cli.exit).toBe(2);
  expect(cli.stderr()).toContain(reason);
});

/** A request sent with its path exactly as written (`fetch` would fold the dots away, as `curl --path-as-is` does not). */
const sendAsIs = (base: string, method: string, path: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const sent = request({ hostname, port, path, method }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    sent.on('error', reject);
    sent.end();
  });

test('a scenario name that leads outside the --scenarios folder, or is not a name, removes nothing: 422', async () => {
  const root = newFolder();
  const folder = join(root, 'a', 'scenarios');
  mkdirSync(folder, { recursive: true });
  const victim = join(root, 'victim.json');
  writeFileSync(victim, '{}');
  const base = await serving(startCli(['--port', '0', '--quiet', '--scenarios', folder]));
  expect(await sendAsIs(base, 'DELETE', '/__mock/scenarios/../../victim')).toBe(422);
  expect(await sendAsIs(base, 'DELETE', '/__mock/scenarios/..%2F..%2Fvictim')).toBe(422);
  expect(await sendAsIs(base, 'GET', '/__mock/scenarios/bad%20name')).toBe(422);
  expect(existsSync(victim)).toBe(true);
});

test('a default.json in the --scenarios folder stops the start naming the file', async () => {
  const folder = newFolder();
  writeFileSync(join(folder, 'default.json'), JSON.stringify({ site: sampleSite }));
  const cli = startCli(['--port', '0', '--scenarios', folder]);
  expect(await cli.exit).toBe(2);
  expect(cli.stderr()).toContain(`${join(folder, 'default.json')}: name: "default" stays`);
});

test('a scenario file that is not a scenario stops the start naming the file: a bad name, or JSON cut short at its line and column', async () => {
  const folder = newFolder();
  writeFileSync(join(folder, 'bad name.json'), JSON.stringify({ site: sampleSite }));
  const named = startCli(['--port', '0', '--scenarios', folder]);
  expect(await named.exit).toBe(2);
  expect(named.stderr()).toContain(`mock: ${join(folder, 'bad name.json')}: name: must be 1 to 64 letters`);

  const cut = join(newFolder(), 'cut.json');
  writeFileSync(cut, '{\n  "site": {\n    "articles": [');
  const cutShort = startCli(['--port', '0', '--scenario', cut]);
  expect(await cutShort.exit).toBe(2);
  expect(cutShort.stderr()).toMatch(new RegExp(`mock: ${cut}: .*line 3, column \\d+`));
});
