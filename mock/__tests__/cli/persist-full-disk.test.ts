/**
 * `--persist` on a real file system that fills up, or turns read-only, while the mock runs
 * (docs/persistence.md): every write is either acknowledged and kept, or refused (503) and never
 * seen, neither by a read right after nor by a restart. A tmpfs of 600 KB is mounted for it, which
 * needs root (as CI has); elsewhere these tests say so and do not run.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { isSuccessStatus } from 'site-articles-schemas/conformance';
import { killRunningClis, serving, startCli, type Cli } from '../../../test-support/cli-process';
import { tempFolders } from '../../../test-support/temp-files';

jest.setTimeout(90_000);
afterEach(killRunningClis);

// Removed after the file's tests, so after each describe block's hooks have unmounted or unlocked what is in it.
const newFolder = tempFolders('mock-persist-full');
const mountPoint = newFolder();

/** Mounts a small tmpfs, or says why it cannot. */
function mountSmallDisk(): string | undefined {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=600k', 'tmpfs', mountPoint], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
}

const cannotMount = mountSmallDisk();
if (cannotMount) console.warn(`persist-full-disk: not run, a tmpfs cannot be mounted here (${cannotMount})`);
const onSmallDisk = cannotMount ? describe.skip : describe;

const file = join(mountPoint, 'site.db');
const json = { 'Content-Type': 'application/json' };

interface Outcomes {
  kept: string[];
  refused: string[];
}

/** Puts `count` keys of about 6 KB on articles 1 and 2, eight at a time, and sorts them by their answer. */
async function putKeys(base: string, prefix: string, count: number): Promise<Outcomes> {
  const outcomes: Outcomes = { kept: [], refused: [] };
  for (let start = 0; start < count; start += 8) {
    const keys = Array.from({ length: Math.min(8, count - start) }, (_, index) => `${prefix}_${start + index}`);
    const answers = await Promise.all(
      keys.map((key, index) =>
        fetch(`${base}/admin/api/articles/${String(1 + (index % 2))}/data/${key}`, {
          method: 'PUT',
          headers: json,
          body: JSON.stringify({ value: key.repeat(6000 / key.length) }),
        }),
      ),
    );
    answers.forEach((answer, index) => {
      const key = keys[index] ?? '';
      if (answer.status === 200) outcomes.kept.push(key);
      else if (answer.status === 503) outcomes.refused.push(key);
      else throw new Error(`PUT ${key} answered ${String(answer.status)}`);
    });
  }
  return outcomes;
}

/** Posts `count` comments on article 3 one after another, and sorts their bodies by the answer. */
async function postComments(base: string, count: number): Promise<Outcomes> {
  const outcomes: Outcomes = { kept: [], refused: [] };
  for (let index = 0; index < count; index += 1) {
    const body = `comment ${String(index)} ${'x'.repeat(2000)}`;
    const answer = await fetch(`${base}/admin/api/site/articles/3/comments.json`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ comment: { author: 'Ann', author_email: 'ann@example.com', body } }),
    });
    if (isSuccessStatus(answer.status)) outcomes.kept.push(body);
    else if (answer.status === 503) outcomes.refused.push(body);
    else throw new Error(`POST comment answered ${String(answer.status)}`);
  }
  return outcomes;
}

/** The posted comments article 3 lists, and whether its comments_count counts exactly the list. */
async function commentsOn(base: string): Promise<{ bodies: string[]; counted: boolean }> {
  const list = (await (await fetch(`${base}/admin/api/site/articles/3/comments.json?per_page=250`)).json()) as {
    body: string;
  }[];
  const article = (await (await fetch(`${base}/admin/api/articles/3`)).json()) as { comments_count: number };
  const bodies = list.map((comment) => comment.body).filter((body) => body.startsWith('comment '));
  return { bodies: bodies.sort(), counted: article.comments_count === list.length };
}

async function keysOn(base: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for (const id of [1, 2]) {
    const article = (await (await fetch(`${base}/admin/api/articles/${String(id)}`)).json()) as {
      data: Record<string, unknown>;
    };
    keys.push(...Object.keys(article.data).filter((key) => key.startsWith(`${prefix}_`)));
  }
  return keys.sort();
}

const sorted = (keys: string[]): string[] => [...keys].sort();

/**
 * Reads articles 1 and 2 over and over until `until` settles, and gives back every key with
 * `prefix` any of those reads showed: reads running beside the writes, not only after them.
 */
async function keysSeenWhile(base: string, prefix: string, until: Promise<unknown>): Promise<string[]> {
  let done = false;
  const stop = (): void => {
    done = true;
  };
  // Its failure is the caller's to see (it awaits `until` too); here it only stops the reading.
  until.then(stop, stop);
  const seen = new Set<string>();
  const reader = async (): Promise<void> => {
    while (!done) for (const key of await keysOn(base, prefix)) seen.add(key);
  };
  await Promise.all([reader(), reader(), until]);
  return [...seen].sort();
}

async function restarted(previous: Cli): Promise<string> {
  previous.child.kill('SIGTERM');
  await previous.exit;
  return serving(startCli(['--port', '0', '--quiet', '--persist', file]));
}

onSmallDisk('--persist on a file system that fills up', () => {
  afterAll(async () => {
    await killRunningClis();
    execFileSync('umount', [mountPoint]);
  });

  test('shows and keeps every acknowledged write, and no refused one, before and after a restart', async () => {
    rmSync(file, { force: true });
    const cli = startCli(['--port', '0', '--quiet', '--persist', file]);
    const base = await serving(cli);
    const writes = Promise.all([putKeys(base, 'full', 80), postComments(base, 40)]);
    const seenWhileWriting = await keysSeenWhile(base, 'full', writes);
    const [outcomes, posts] = await writes;
    // No read beside the writes showed a key whose write was then refused.
    expect(seenWhileWriting.filter((key) => outcomes.refused.includes(key))).toEqual([]);
    // The disk did fill up, and writes were acknowledged before it did: both kinds were tried.
    expect([outcomes.refused.length > 0, outcomes.kept.length > 0, posts.refused.length > 0]).toEqual([
      true,
      true,
      true,
    ]);
    expect(await keysOn(base, 'full')).toEqual(sorted(outcomes.kept));
    expect(await commentsOn(base)).toEqual({ bodies: sorted(posts.kept), counted: true });
    expect(cli.stderr()).toContain('the change is undone');
    const again = await restarted(cli);
    expect(await keysOn(again, 'full')).toEqual(sorted(outcomes.kept));
    expect(await commentsOn(again)).toEqual({ bodies: sorted(posts.kept), counted: true });
  });
});

/**
 * The database's files made immutable while the mock runs (`chattr +i`, which holds even for root
 * and for files already open): every commit fails until they are writable again.
 */
describe('--persist on a database that turns read-only', () => {
  const folder = newFolder();
  const site = join(folder, 'site.db');
  const files = [site, `${site}-wal`];
  const setImmutable = (on: boolean): void => {
    execFileSync('chattr', [on ? '+i' : '-i', ...files], { stdio: 'pipe' });
  };
  afterAll(async () => {
    await killRunningClis();
    try {
      setImmutable(false);
    } catch {
      // Not made immutable: nothing to undo.
    }
  });

  test('refuses and hides every write while it is, and keeps only the acknowledged ones across a restart', async () => {
    const cli = startCli(['--port', '0', '--quiet', '--persist', site]);
    const base = await serving(cli);
    const before = await putKeys(base, 'first', 4);
    try {
      setImmutable(true);
    } catch (error) {
      console.warn(`persist-full-disk: read-only case not run, chattr failed here (${String(error)})`);
      return;
    }
    let during: Outcomes;
    try {
      const writes = putKeys(base, 'during', 8);
      // Not even a read made while a refused write was waiting for its commit shows it.
      expect(await keysSeenWhile(base, 'during', writes)).toEqual([]);
      during = await writes;
      expect(await keysOn(base, 'during')).toEqual([]);
    } finally {
      setImmutable(false);
    }
    const after = await putKeys(base, 'after', 2);
    expect([before.refused, during.kept, after.refused]).toEqual([[], [], []]);
    expect(await keysOn(base, 'during')).toEqual([]);
    cli.child.kill('SIGTERM');
    await cli.exit;
    const again = await serving(startCli(['--port', '0', '--quiet', '--persist', site]));
    expect(await keysOn(again, 'first')).toEqual(sorted(before.kept));
    expect(await keysOn(again, 'during')).toEqual([]);
    expect(await keysOn(again, 'after')).toEqual(sorted(after.kept));
  });
});
