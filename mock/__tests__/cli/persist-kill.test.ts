/**
 * `--persist`'s promise under SIGKILL: a write answered with success is on disk. Each round sends
 * steps of concurrent requests from many connections (single key writes, bursts of them, full
 * updates, comment posts, resets) and kills the mock once a random number of them are acknowledged
 * (at once, or a few milliseconds later amid the next requests), so that a round's coverage does
 * not depend on the machine's speed. It then starts the mock again from the same file and checks
 * that the store opens and holds every acknowledged write, and that every acknowledged reset
 * removed what came before it. A write in flight at the kill may or may not be there: it was never
 * acknowledged, and neither was a reset in flight, which may have wiped what came before it.
 */
import { join } from 'node:path';
import { killRunningClis, serving, startCli, type Cli } from '../../../test-support/cli-process';
import type { SiteFixture } from '../../store/records';
import { tempFolders } from '../../../test-support/temp-files';

jest.setTimeout(300_000);
afterEach(killRunningClis);
const newFolder = tempFolders('mock-persist-kill');

const rounds = 24;
/** A round's kill comes after 1 to this many acknowledgements. */
const maxTarget = 40;

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

/** Takes note of a write the mock acknowledged. */
type Acknowledge = (write: Acknowledged) => void;

type Step = (base: string, step: number, acknowledge: Acknowledge) => Promise<void>[];

/** Writes of distinct keys on article 1, `count` at once (one is a single write, 32 a burst). */
const keyWrites =
  (count: number): Step =>
  (base, step, acknowledge) =>
    Array.from({ length: count }, async (_, index) => {
      const key = `s${String(step)}_${String(index)}`;
      if (await send(base, 'PUT', `/admin/api/articles/1/data/${key}`, { value: { step, index } })) {
        acknowledge({
          step,
          isIn: (site) => (articleOf(site, 1)?.data[key] as { step?: number } | undefined)?.step === step,
        });
      }
    });

/** A full update of article 2; only a later step's full update may have replaced it. */
const fullUpdate: Step = (base, step, acknowledge) => [
  (async () => {
    if (
      await send(base, 'PUT', '/admin/api/articles/2', { article: { data: { step, note: `update ${String(step)}` } } })
    ) {
      acknowledge({ step, isIn: (site) => Number(articleOf(site, 2)?.data.step) >= step });
    }
  })(),
];

/** Comments posted to article 3, eight at once. */
const posts: Step = (base, step, acknowledge) =>
  Array.from({ length: 8 }, async (_, index) => {
    const body = `step ${String(step)} comment ${String(index)}`;
    const comment = { author: 'Kill test', author_email: 'kill@example.com', body };
    if (await send(base, 'POST', '/admin/api/articles/3/comments', { comment })) {
      acknowledge({ step, isIn: (site) => site.comments.some((saved) => saved.body === body) });
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
 * This round's resets that were never acknowledged: answered with an error, or cut off by the
 * kill. Such a reset may have taken effect (the kill may come after its commit and before its
 * answer; a refused one stays in memory and goes into the next commit, docs/persistence.md), but
 * once the mock is killed it never will: a new process knows nothing of it. So the check right
 * after its round settles it, once (settleResets).
 */
const unsettledResets: number[] = [];
/** Resets never acknowledged that had taken effect when their round was checked. */
const provenResets: number[] = [];

const reset: Step = (base, step, acknowledge) => [
  (async () => {
    let ok = false;
    try {
      ok = await send(base, 'POST', '/__mock/reset');
    } finally {
      if (ok) acknowledge({ step, reset: true, isIn: resetHappened(step) });
      else unsettledResets.push(step);
    }
  })(),
];

const steps: Step[] = [keyWrites(1), keyWrites(32), fullUpdate, posts, reset];

/**
 * Runs random steps, each once every request of the one before has its answer, until the kill
 * stops them; says the last step. A request that fails while the mock was not killed (a connection
 * reset on a busy machine) does not end the round: the kill still comes after its acknowledgements.
 */
async function workload(
  base: string,
  acknowledge: Acknowledge,
  firstStep: number,
  killed: () => boolean,
): Promise<number> {
  for (let step = firstStep + 1; ; step += 1) {
    const chosen = steps[Math.floor(Math.random() * steps.length)] ?? reset;
    const answers = await Promise.allSettled(chosen(base, step, acknowledge));
    if (!answers.some((answer) => answer.status === 'rejected')) continue;
    if (killed()) return step;
    await new Promise((done) => setTimeout(done, 10));
  }
}

/**
 * One round's note-taker: keeps each acknowledged write and kills the mock once `target` are
 * acknowledged, at once or up to 20 ms later while the next requests are under way, so that kills
 * land right after an answer as well as amid a commit, a reset or a burst.
 */
function killingAfter(
  cli: Cli,
  target: number,
  acknowledged: Acknowledged[],
): { acknowledge: Acknowledge; count: () => number } {
  let count = 0;
  const kill = (): boolean => cli.child.kill('SIGKILL');
  const acknowledge: Acknowledge = (write) => {
    acknowledged.push(write);
    count += 1;
    if (count !== target) return;
    if (Math.random() < 0.5) kill();
    else setTimeout(kill, Math.random() * 20);
  };
  return { acknowledge, count: () => count };
}

/** Settles this round's unacknowledged resets against the site after the restart (see unsettledResets). */
function settleResets(site: SiteFixture): void {
  for (const step of unsettledResets.splice(0)) if (resetHappened(step)(site)) provenResets.push(step);
}

/**
 * The acknowledged writes the site must hold: those since the last reset that took effect, an
 * acknowledged one or one proven so. Every acknowledged write after it must still be there.
 */
function mustHold(acknowledged: Acknowledged[]): Acknowledged[] {
  const resets = acknowledged.filter((write) => write.reset).map((write) => write.step);
  const from = Math.max(0, ...resets, ...provenResets);
  return acknowledged.filter((write) => write.step >= from);
}

async function siteOf(base: string): Promise<SiteFixture> {
  return (await (await fetch(`${base}/__mock/state`)).json()) as SiteFixture;
}

describe('--persist under SIGKILL', () => {
  it(`keeps every acknowledged write and reset across ${String(rounds)} kills amid concurrent writes`, async () => {
    const file = join(newFolder(), 'site.db');
    const acknowledged: Acknowledged[] = [];
    let step = 0;
    let cli: Cli = startCli(['--port', '0', '--quiet', '--persist', file]);
    let base = await serving(cli);
    let checked = 0;
    const shortRounds: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const target = 1 + Math.floor(Math.random() * maxTarget);
      const { acknowledge, count } = killingAfter(cli, target, acknowledged);
      const roundCli = cli;
      const running = workload(base, acknowledge, step, () => roundCli.child.killed);
      // A mock that stops acknowledging is killed all the same, and the round is reported short.
      const stuck = setTimeout(() => cli.child.kill('SIGKILL'), 30_000);
      await cli.exit;
      clearTimeout(stuck);
      step = await running;
      if (count() < target) shortRounds.push(`round ${String(round)}: ${String(count())} of ${String(target)}`);

      cli = startCli(['--port', '0', '--quiet', '--persist', file]);
      base = await serving(cli);
      const site = await siteOf(base);
      settleResets(site);
      const held = mustHold(acknowledged);
      expect(held.filter((write) => !write.isIn(site)).map((write) => write.step)).toEqual([]);
      checked += held.length;
    }
    // Every round was ended by its acknowledgements, and the rounds checked many writes, not a handful.
    expect(shortRounds).toEqual([]);
    expect(checked).toBeGreaterThan(rounds * 5);
  });
});
