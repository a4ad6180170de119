/**
 * The restore at the end of a run, against the in-process mock: it removes only keys carrying the
 * run's marker, leaves keys others added during the run, and sends nothing for a key that has no
 * address of its own (`..` would reach the article itself).
 */
import { brokenVariants } from '../../proof/variants';
import { Client } from '../http/client';
import { startInProcessMock, type RunningTarget } from '../in-process';
import { describeRestore, restoreSnapshot, takeSnapshot } from '../restore';
import type { IncomingMessage } from 'node:http';
import { Semaphore } from '../semaphore';
import { closeHostileTargets, droppingRelay } from '../../test-support/hostile-targets';

const marker = 'contract_restoretest';
const articleId = 2;
let target: RunningTarget;
let client: Client;

const put = (path: string, json: unknown): Promise<unknown> =>
  client.send({ method: 'PUT', to: `/admin/api/articles/${articleId}${path}`, json });
const dataNow = (): unknown => target.mock.state().articles.find((article) => article.id === articleId)?.data;
const writesSince = (count: number): string[] =>
  target.mock
    .journal()
    .slice(count)
    .filter((entry) => entry.method !== 'GET')
    .map((entry) => `${entry.method} ${entry.path}`);

beforeEach(async () => {
  target = await startInProcessMock();
  client = new Client(target.baseUrl);
});

afterEach(async () => {
  await target.close();
});

afterAll(closeHostileTargets);

test('removes the keys the run wrote and leaves, and lists, keys someone else added', async () => {
  await put('', { article: { data: { kept: 1 } } });
  const snapshot = await takeSnapshot(client, articleId);
  await put(`/data/${marker}_mine`, { value: 'mine' });
  await put('/data/someone_else', { value: 'theirs' });
  await put('/data/kept', { value: 2 });
  const report = await restoreSnapshot(client, snapshot, marker);
  expect(dataNow()).toEqual({ kept: 1, someone_else: 'theirs' });
  expect(report.problems).toEqual([]);
  expect(report.leftAlone).toEqual(['someone_else = "theirs"']);
  expect(describeRestore(report)).toContain('left alone: added during the run by someone else: someone_else');
});

test('keeps keys someone else added when it falls back to a full update', async () => {
  await target.close();
  // A target whose key writes leave a present key unchanged, so only the full update can put one back.
  target = await startInProcessMock({
    rules: brokenVariants['set-key-keeps-old-value']?.rules ?? {},
    validateResponses: false,
  });
  client = new Client(target.baseUrl);
  await put('', { article: { data: { kept: 1 } } });
  const snapshot = await takeSnapshot(client, articleId);
  await put('', { article: { data: { kept: 2, [`${marker}_mine`]: true } } });
  await put('/data/someone_else', { value: 'theirs' });
  const report = await restoreSnapshot(client, snapshot, marker);
  expect(report.repaired).toContainEqual(expect.stringContaining('sent in one full update'));
  expect(dataNow()).toEqual({ kept: 1, someone_else: 'theirs' });
  expect(report.problems).toEqual([]);
});

test('sends nothing for a ".." key and reports that it cannot be restored through the interface', async () => {
  await put('', { article: { data: { '..': 'original', other: 1 } } });
  const snapshot = await takeSnapshot(client, articleId);
  await put('', { article: { data: { '..': 'changed', other: 1, '.': 'new', [`${marker}_mine`]: 1 } } });
  const before = target.mock.journal().length;
  const report = await restoreSnapshot(client, snapshot, marker);
  expect(writesSince(before)).toEqual([`DELETE /admin/api/articles/${articleId}/data/${marker}_mine`]);
  expect(report.problems).toEqual([
    expect.stringMatching(
      /^\.\.: "changed" instead of "original" \(cannot be restored through the interface: .*the article itself/,
    ),
  ]);
  expect(report.leftAlone).toEqual(['. = "new"']);
  expect(describeRestore(report)).toContain('NOT restored');
});

test("names every attribute but data that differs from the run's first read of the article", async () => {
  const snapshot = await takeSnapshot(client, articleId);
  const state = target.mock.state();
  const article = state.articles.find((candidate) => candidate.id === articleId);
  if (!article) throw new Error('no article 2 in the sample site');
  article.title = 'Retitled during the run';
  target.mock.loadFixture(state);
  const report = await restoreSnapshot(client, snapshot, marker);
  expect(report.changed).toEqual([
    expect.stringMatching(/^\[attributes-unchanged\] \/title: "Retitled during the run" instead of ".+"$/),
  ]);
  expect(describeRestore(report)).toContain('changed by the run, though only data may change');
});

/** The run's two keys and a changed key of the snapshot, on article 2, for a restore through `relay`. */
async function changedThrough(relay: string) {
  const relayed = new Client(relay);
  await put('/data/kept', { value: 1 });
  const snapshot = await takeSnapshot(relayed, articleId);
  await put(`/data/${marker}_a`, { value: 1 });
  await put(`/data/${marker}_b`, { value: 'two' });
  await put('/data/kept', { value: 2 });
  // Four repairs at once: the key put back beside the lost removals still ends before the article is read again.
  return { snapshot, report: await restoreSnapshot(relayed, snapshot, marker, new Semaphore(4)) };
}

const lostRemoval = new RegExp(`^DELETE \\S+/data/${marker}_[ab] got no answer: `);

test('removals that get no answer are named, and the full update it falls back to puts the article right', async () => {
  const { snapshot, report } = await changedThrough(
    await droppingRelay(target.baseUrl, (request) => request.method === 'DELETE'),
  );
  expect(dataNow()).toEqual(snapshot.data);
  expect(report.problems).toEqual([]);
  // Each removal twice: side by side, then one at a time, before the full update.
  expect(report.unanswered).toHaveLength(4);
  expect(report.unanswered.filter((line) => !lostRemoval.test(line))).toEqual([]);
  expect(describeRestore(report)).toMatch(/^article 2: data restored\n {2}a repair got no answer: DELETE /);
});

test('when the full update gets no answer too, names it and then every key still wrong, as the article stands', async () => {
  const lost = (request: IncomingMessage): boolean =>
    request.method === 'DELETE' || (request.method === 'PUT' && request.url === `/admin/api/articles/${articleId}`);
  const { snapshot, report } = await changedThrough(await droppingRelay(target.baseUrl, lost));
  expect(dataNow()).toEqual({ ...snapshot.data, [`${marker}_a`]: 1, [`${marker}_b`]: 'two' });
  const [failure, ...left] = report.problems;
  expect(failure).toMatch(/^PUT \S+\/articles\/2 got no answer: /);
  expect(left.sort()).toEqual([`${marker}_a: 1 instead of (absent)`, `${marker}_b: "two" instead of (absent)`]);
  const told = describeRestore(report);
  expect(told).toMatch(/^article 2: data NOT restored\n {2}a repair got no answer: DELETE /);
  expect(told.match(/\n {2}a repair got no answer: DELETE /g)).toHaveLength(4);
  expect(told).toMatch(
    /\n {2}still different: PUT \S+ got no answer: .*\n.*\n {2}still different: contract_restoretest_a: /,
  );
});
