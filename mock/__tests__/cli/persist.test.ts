/**
 * `--persist <file>` on the real CLI (child processes): the file is created from the fixture,
 * changes survive a restart, reset resets the file, a file that is not a valid site stops the
 * start (exit 2, file untouched), and SIGKILL at random moments while writes are being saved
 * never leaves a broken file: always the state before or after one of the writes.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killRunningClis, serving, startCli } from '../../../test-support/cli-process';
import type { SiteFixture } from '../../store/records';
import { storeFromFixture } from '../../fixtures/load-fixture';

jest.setTimeout(180_000);
afterEach(killRunningClis);

const folder = (): string => mkdtempSync(join(tmpdir(), 'mock-persist-'));
const readSite = (path: string): SiteFixture => JSON.parse(readFileSync(path, 'utf8')) as SiteFixture;
const pause = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

async function putKey(base: string, key: string, value: unknown): Promise<{ updated_at: string }> {
  const response = await fetch(`${base}/admin/api/articles/1/data/${key}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ value }),
  });
  if (response.status !== 200) throw new Error(`PUT answered ${response.status}`);
  return (await response.json()) as { updated_at: string };
}

async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; waited < 5000 && !check(); waited += 20) await pause(20);
  expect(check()).toBe(true);
}

const firstData = (path: string): Record<string, unknown> => readSite(path).articles[0]?.data ?? {};

describe('--persist', () => {
  it('creates the file from the fixture, keeps changes across a restart, and reset resets the file', async () => {
    const file = join(folder(), 'site.json');
    const first = startCli(['--port', '0', '--quiet', '--persist', file]);
    const base = await serving(first);
    await until(() => existsSync(file));
    await putKey(base, 'colour', 'teal');
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(firstData(file)).toHaveProperty('colour', 'teal');

    const second = startCli(['--port', '0', '--quiet', '--persist', file]);
    const again = await serving(second);
    const article = (await (await fetch(`${again}/admin/api/articles/1`)).json()) as { data: object };
    expect(article.data).toHaveProperty('colour', 'teal');
    expect((await fetch(`${again}/__mock/reset`, { method: 'POST' })).status).toBe(204);
    await until(() => !('colour' in firstData(file)));
  });

  it.each([
    ['is not JSON', '{"pages": ['],
    ['is not a site', JSON.stringify({ pages: 'none' })],
  ])('stops the start with exit code 2 when the file %s, naming it and leaving it as it was', async (_, text) => {
    const file = join(folder(), 'broken.json');
    writeFileSync(file, text);
    const cli = startCli(['--port', '0', '--persist', file]);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toContain(file);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});

describe('--persist under SIGKILL', () => {
  const rounds = 30;
  const pad = 'x'.repeat(200_000);

  /** Every state the file may hold after the kill: the one before the writes, or after any of them. */
  function isBeforeOrAfterAWrite(
    saved: SiteFixture,
    before: SiteFixture,
    sent: Map<number, string | undefined>,
  ): boolean {
    const [article, ...others] = saved.articles;
    const counter = article?.data.counter as { seq?: number; pad?: string } | undefined;
    const seq = counter?.seq;
    if (seq !== undefined && counter?.pad === pad && sent.has(seq)) {
      const updatedAt = sent.get(seq) ?? article?.updated_at;
      const expected = structuredClone(before);
      const first = expected.articles[0] as SiteFixture['articles'][number];
      Object.assign(first, { updated_at: updatedAt, data: { ...first.data, counter: { seq, pad } } });
      return JSON.stringify(saved) === JSON.stringify(expected) && others.length === before.articles.length - 1;
    }
    return JSON.stringify(saved) === JSON.stringify(before);
  }

  it(`always leaves a whole site, before or after a write, across ${rounds} kills mid-write`, async () => {
    const dir = folder();
    const file = join(dir, 'site.json');
    let seq = 0;
    for (let round = 0; round < rounds; round += 1) {
      const cli = startCli(['--port', '0', '--quiet', '--persist', file]);
      const base = await serving(cli);
      await until(() => existsSync(file));
      const ownTemporary = `.site.json.tmp-${String(cli.child.pid)}`;
      expect(readdirSync(dir).filter((name) => name.startsWith('.') && name !== ownTemporary)).toEqual([]);
      const before = (await (await fetch(`${base}/__mock/state`)).json()) as SiteFixture;
      const sent = new Map<number, string | undefined>();
      const writer = (async (): Promise<void> => {
        for (;;) {
          seq += 1;
          sent.set(seq, undefined);
          sent.set(seq, (await putKey(base, 'counter', { seq, pad })).updated_at);
        }
      })().catch(() => undefined);
      await pause(40 + Math.random() * 200);
      cli.child.kill('SIGKILL');
      await cli.exit;
      await writer;
      const saved = readSite(file);
      expect(() => storeFromFixture(saved, file)).not.toThrow();
      expect(isBeforeOrAfterAWrite(saved, before, sent)).toBe(true);
      expect(readdirSync(dir).filter((name) => !name.startsWith('.'))).toEqual(['site.json']);
    }
  });
});
