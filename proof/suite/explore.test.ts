/**
 * The random sequences (`--explore`) against the in-process mock with a fixed seed: they pass
 * the correct mock and leave its data as found, and they catch the sequence variants, which the
 * fixed checks alone pass, reporting a shrunk sequence as numbered curl commands.
 */
import { brokenVariants, harmlessVariants, sequenceVariants } from '../variants';
import { writeAnswerCountsOneShort } from '../variants/posts';
import { runChecks } from '../../contract-tests/runner';
import { startInProcessMock } from '../../contract-tests/in-process';
import { explore, type ArticleExplored } from '../../contract-tests/explore/explore';

const seed = 20_261_123;
const dataOf = (state: { articles: { data: unknown }[] }): unknown => state.articles.map((article) => article.data);

test('passes the correct mock with a fixed seed and restores every article as found', async () => {
  const target = await startInProcessMock();
  try {
    const before = dataOf(target.mock.state());
    const report = await explore(
      { baseUrl: target.baseUrl, articleIds: [1, 2] },
      { runs: 15, seed, comments: true, readOnly: false },
    );
    expect(report.failure).toBeUndefined();
    expect(report.restore.flatMap((restore) => restore.problems)).toEqual([]);
    expect(dataOf(target.mock.state())).toEqual(before);
  } finally {
    await target.close();
  }
}, 60_000);

test("with one sequence at a time, each sequence's keys are removed before the next sequence starts", async () => {
  const target = await startInProcessMock();
  try {
    // As each sequence starts, the keys left on the article by the sequences before it (their keys
    // carry their number, from 1), and the journal's length (every request before that moment).
    const leftovers: string[] = [];
    const startedAt: number[] = [];
    const keysOfEarlier = (started: number): string[] =>
      Object.keys(target.mock.state().articles.find((article) => article.id === 1)?.data ?? {}).filter((key) => {
        const sequence = /_(\d+)_(?:a|b|svc_probe)$/.exec(key)?.[1];
        return sequence !== undefined && Number(sequence) <= started;
      });
    const report = await explore(
      { baseUrl: target.baseUrl, articleIds: [1], maxInFlight: 1 },
      {
        runs: 8,
        seed,
        comments: false,
        readOnly: false,
        onSequence: () => {
          leftovers.push(...keysOfEarlier(startedAt.length));
          startedAt.push(target.mock.journal().length);
        },
      },
    );
    expect(report.failure).toBeUndefined();
    expect(leftovers).toEqual([]);
    // Not empty by chance: sequences did leave keys, removed by a DELETE before the next one started.
    const journal = target.mock.journal();
    const lastWriteOf = new Map<number, number>();
    journal.forEach((entry, at) => {
      const sequence = entry.method === 'PUT' ? /_(\d+)_(?:a|b|svc_probe)$/.exec(entry.path)?.[1] : undefined;
      if (sequence !== undefined) lastWriteOf.set(Number(sequence), at);
    });
    const cleanedUp = [...lastWriteOf].filter(([sequence, lastWrite]) =>
      journal.some(
        (entry, at) =>
          entry.method === 'DELETE' &&
          at > lastWrite &&
          at < (startedAt[sequence] ?? journal.length) &&
          new RegExp(`_${String(sequence)}_(?:a|b|svc_probe)$`).test(entry.path),
      ),
    );
    expect(cleanedUp.length).toBeGreaterThan(0);
  } finally {
    await target.close();
  }
}, 60_000);

test('sends only reads when read-only', async () => {
  const target = await startInProcessMock();
  try {
    const report = await explore(
      { baseUrl: target.baseUrl, articleIds: [1] },
      { runs: 10, seed, comments: true, readOnly: true },
    );
    expect(report.failure).toBeUndefined();
    expect(new Set(target.mock.journal().map((entry) => entry.method))).toEqual(new Set(['GET']));
  } finally {
    await target.close();
  }
}, 60_000);

test('never posts a comment with comments turned off', async () => {
  const target = await startInProcessMock();
  try {
    await explore({ baseUrl: target.baseUrl, articleIds: [1] }, { runs: 10, seed, comments: false, readOnly: false });
    expect(target.mock.journal().filter((entry) => entry.method === 'POST')).toEqual([]);
  } finally {
    await target.close();
  }
}, 60_000);

test.each(Object.keys(sequenceVariants))(
  'the fixed checks, one request at a time, pass the sequence variant %s, and the random sequences catch it with a numbered curl list',
  async (name) => {
    const rules = sequenceVariants[name]?.rules ?? {};
    const fixed = await startInProcessMock({ rules, validateResponses: false });
    try {
      const report = await runChecks({ baseUrl: fixed.baseUrl, articleIds: [1], concurrency: 1 });
      expect(report.results.filter((result) => result.outcome === 'failed').map((result) => result.check.id)).toEqual(
        [],
      );
    } finally {
      await fixed.close();
    }
    const random = await startInProcessMock({ rules, validateResponses: false });
    try {
      const report = await explore(
        { baseUrl: random.baseUrl, articleIds: [1] },
        { runs: 60, seed, comments: true, readOnly: false },
      );
      expect(report.failure).toMatch(/reproduce, in order:\n {2}1\. curl /);
    } finally {
      await random.close();
    }
  },
  60_000,
);

const racyData = [
  'racy-set-key-loses-keys',
  'racy-key-answer-rereads',
  'racy-delete-loses-removals',
  'racy-update-writes-stale-copy',
];

/**
 * The failure the random sequences report against a broken variant, on article 1, one sequence at a
 * time: what is shown is that a batch alone catches it (side by side, one sequence's write may lose
 * another's first, and its shrinking, which runs alone, then has nothing to keep).
 */
async function exploreFailure(name: string, comments: boolean): Promise<ArticleExplored['failure']> {
  const target = await startInProcessMock({ rules: brokenVariants[name]?.rules ?? {}, validateResponses: false });
  try {
    const report = await explore(
      { baseUrl: target.baseUrl, articleIds: [1], maxInFlight: 1 },
      { runs: 60, seed, comments, readOnly: false },
    );
    return report.articles[0]?.failure;
  } finally {
    await target.close();
  }
}

test.each(racyData)(
  'the batches the random sequences send at once catch the racy variant %s, shrunk, with the timeline of the batch',
  async (name) => {
    const failure = await exploreFailure(name, false);
    expect(failure?.steps.join('\n')).toContain('at once: ');
    expect(failure?.actual).toContain('[linearizable]');
    expect(failure?.timeline?.requests.length).toBeGreaterThan(1);
  },
  60_000,
);

test.each([
  ['racy-post-loses-posts', 'posts-all-listed'],
  ['racy-post-undercounts', 'posts-all-counted'],
])(
  'the batches the random sequences send at once post comments too, and catch the post race %s, naming %s',
  async (name, rule) => {
    const failure = await exploreFailure(name, true);
    expect(failure?.steps.join('\n')).toMatch(/at once: .*post a comment/);
    expect(failure?.actual).toContain(`[${rule}]`);
  },
  60_000,
);

test.each([
  ['posting nothing', false],
  [
    "posting beside the others' writes (each write's answer judged against the posts that may have landed before the read after it)",
    true,
  ],
])(
  'a conformant target that delays each write at random and orders them its own way passes 100 random sequences %s',
  async (_posting, comments) => {
    const target = await startInProcessMock({ rules: harmlessVariants['jittered-writes']?.rules ?? {} });
    try {
      // A new seed each run: passing must not depend on the seed; a failure prints it.
      const report = await explore(
        { baseUrl: target.baseUrl, articleIds: [1, 2] },
        { runs: 100, seed: Math.floor(Math.random() * 2 ** 31), comments, readOnly: false },
      );
      expect([report.seed, report.failure]).toEqual([report.seed, undefined]);
    } finally {
      await target.close();
    }
  },
  120_000,
);

test("side by side, posts running beside other sequences' writes, the sequences still catch a target whose write answers count one comment short", async () => {
  const target = await startInProcessMock({ rules: writeAnswerCountsOneShort.rules, validateResponses: false });
  try {
    const report = await explore(
      { baseUrl: target.baseUrl, articleIds: [1, 2] },
      { runs: 60, seed, comments: true, readOnly: false },
    );
    expect(report.failure).toMatch(/\[answer-is-article\] \/comments_count/);
  } finally {
    await target.close();
  }
}, 60_000);
