/**
 * Issue 21's promise under SIGKILL: a write answered with success is on disk. Each round sends
 * steps of concurrent requests from many connections (single key writes, bursts of them, full
 * updates, comment posts, resets), kills the mock at a random moment, starts it again from the
 * same file, and checks that the store opens and holds every acknowledged write, and that every
 * acknowledged reset removed what came before it. A write in flight at the kill may or may not be
 * there: it was never acknowledged.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killRunningClis, serving, startCli, type Cli } from '../../../test-support/cli-process';
import type { SiteFixture } from '../../store/records';

jest.setTimeout(300_000);
afterEach(killRunningClis);

const rounds = 24;
const pause = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** One request the mock answered with success, and how to see it in the site after a restart. */
interface Acknowledged {
  step: number;
  reset?: true;
  /** Whether the site holds this write (or, for a full update, one sent after it). */
  isIn(site: SiteFixture): boolean;
}

const articleOf = (site: SiteFixture, id: number): SiteFixture['articles'][number] | undefined =>
  site.articles.find((article) => article.id === id);

async function send(base: string, method: string, path: string, body?: unknown): Promise<boolean> {
  const response = await fetch(`${base}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  await response.arrayBuffer();
  return response.ok;
}

type Step = (base: string, step: number, acknowledged: Acknowledged[]) => Promise<void>[];

/** Writes of distinct keys on article 1, `count` at once (one is a single write, 32 a burst). */
const keyWrites =
  (count: number): Step =>
  (base, step, acknowledged) =>
    Array.from({ length: count }, async (_, index) => {
      const key = `s${String(step)}_${String(index)}`;
      if (await send(base, 'PUT', `/admin/api/articles/1/data/${key}`, { value: { step, index } })) {
        acknowledged.push({
          step,
          isIn: (site) => (articleOf(site, 1)?.data[key] as { step?: number } | undefined)?.step === step,
        });
      }
    });

/** A full update of article 2; only a later step's full update may have replaced it. */
const fullUpdate: Step = (base, step, acknowledged) => [
  (async () => {
    if (
      await send(base, 'PUT', '/admin/api/articles/2', { article: { data: { step, note: `update ${String(step)}` } } })
    ) {
      acknowledged.push({ step, isIn: (site) => Number(articleOf(site, 2)?.data.step) >= step });
    }
  })(),
];

/** Comments posted to article 3, eight at once. */
const posts: Step = (base, step, acknowledged) =>
  Array.from({ length: 8 }, async (_, index) => {
    const body = `step ${String(step)} comment ${String(index)}`;
    const comment = { author: 'Kill test', author_email: 'kill@example.com', body };
    if (await send(base, 'POST', '/admin/api/articles/3/comments', { comment })) {
      acknowledged.push({ step, isIn: (site) => site.comments.some((saved) => saved.body === body) });
    }
  });

/** Nothing written in an earlier step is left: no key, no full update, no comment of this test. */
const resetHappened =
  (step: number) =>
  (site: SiteFixture): boolean => {
    const keys = Object.keys(articleOf(site, 1)?.data ?? {}).filter((key) => /^s\d+_/.test(key));
    const earlier = (text: string): boolean => Number(/\d+/.exec(text)?.[0]) < step;
    const updated = articleOf(site, 2)?.data.step;
    return (
      !keys.some(earlier) &&
      (updated === undefined || Number(updated) > step) &&
      !site.comments.some((comment) => comment.author === 'Kill test' && earlier(comment.body))
    );
  };

/**
 * Resets answered with an error. Like one the kill interrupted, such a reset may still take effect:
 * the mock keeps an unsaved change in memory and writes it with the next commit (docs/persistence.md).
 */
const refusedResets: number[] = [];

const reset: Step = (base, step, acknowledged) => [
  (async () => {
    if (await send(base, 'POST', '/__mock/reset')) acknowledged.push({ step, reset: true, isIn: resetHappened(step) });
    else refusedResets.push(step);
  })(),
];

const steps: Step[] = [keyWrites(1), keyWrites(32), fullUpdate, posts, reset];

/** Runs random steps, each after the one before is answered, until the kill stops them; says which step it stopped in. */
async function workload(
  base: string,
  acknowledged: Acknowledged[],
  firstStep: number,
): Promise<{ step: number; chosen: Step }> {
  let step = firstStep;
  let chosen: Step = reset;
  try {
    for (;;) {
      step += 1;
      chosen = steps[Math.floor(Math.random() * steps.length)] ?? reset;
      await Promise.all(chosen(base, step, acknowledged));
    }
  } catch {
    return { step, chosen };
  }
}

/**
 * The acknowledged writes the site must hold: those since the last acknowledged reset, or since a
 * later reset that was never acknowledged (the kill interrupted it, or it was answered with an
 * error) if that one took effect: it may have. Every acknowledged write after it must still be there.
 */
function mustHold(
  site: SiteFixture,
  acknowledged: Acknowledged[],
  stopped: { step: number; chosen: Step },
): Acknowledged[] {
  let from = Math.max(0, ...acknowledged.filter((write) => write.reset).map((write) => write.step));
  const unacknowledged = [...refusedResets, ...(stopped.chosen === reset ? [stopped.step] : [])];
  for (const step of unacknowledged) if (step > from && resetHappened(step)(site)) from = step;
  return acknowledged.filter((write) => write.step >= from);
}

async function siteOf(base: string): Promise<SiteFixture> {
  return (await (await fetch(`${base}/__mock/state`)).json()) as SiteFixture;
}

describe('--persist under SIGKILL', () => {
  it(`keeps every acknowledged write and reset across ${String(rounds)} kills amid concurrent writes`, async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mock-persist-kill-')), 'site.db');
    const acknowledged: Acknowledged[] = [];
    let step = 0;
    let cli: Cli = startCli(['--port', '0', '--quiet', '--persist', file]);
    let base = await serving(cli);
    let checked = 0;
    for (let round = 0; round < rounds; round += 1) {
      const running = workload(base, acknowledged, step);
      await pause(100 + Math.random() * 400);
      cli.child.kill('SIGKILL');
      await cli.exit;
      const stopped = await running;
      step = stopped.step;

      cli = startCli(['--port', '0', '--quiet', '--persist', file]);
      base = await serving(cli);
      const site = await siteOf(base);
      const held = mustHold(site, acknowledged, stopped);
      expect(held.filter((write) => !write.isIn(site)).map((write) => write.step)).toEqual([]);
      checked += held.length;
    }
    // The rounds checked many acknowledged writes, not a handful (fewer on a busy machine: each round lasts as long).
    expect(checked).toBeGreaterThan(rounds * 10);
  });
});
