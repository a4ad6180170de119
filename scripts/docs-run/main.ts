/**
 * `npm run test:docs`: every fenced block of README.md and docs/ runs as a reader would run it
 * (docs/docs-run.md), or carries a marker that says why not; the marked ones are counted and listed.
 *
 *   tsx scripts/docs-run/main.ts [page.md ...]     (default: README.md and every page under docs/)
 *
 * Exits 1 when a block fails or a block that does not run has no marker, 0 otherwise.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { Server } from '../../package-tests/child-processes';
import { blocksOf, type DocBlock } from './blocks';
import { Projects } from './projects';
import { jobsOf, runJob, type Job, type Outcome, type Runnable } from './run-page';
import { startStandIn } from './stand-in';
import { Tally } from './tally';

const root = join(__dirname, '..', '..');

/**
 * How many jobs of the registry-installed projects run at once, beside the repository's, which run
 * one at a time (their commands share this checkout's files): each job's own work is mostly
 * waiting on a process it started, and the machine it was sized on has two cores.
 */
const projectJobsAtOnce = 3;

function defaultPages(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true }).map((name) => join('docs', String(name)));
  return ['README.md', ...docs.filter((name) => name.endsWith('.md')).sort()];
}

const where = (block: DocBlock): string => `${block.page}:${String(block.line)}`;

interface Sorted {
  runnables: Runnable[];
  marked: DocBlock[];
  unmarked: DocBlock[];
}

/** Which blocks run, in which project; which are marked not to; which lack the marker they need. */
function sort(blocks: DocBlock[]): Sorted {
  const sorted: Sorted = { runnables: [], marked: [], unmarked: [] };
  for (const block of blocks) {
    if (block.marker?.kind === 'not run') sorted.marked.push(block);
    else if (block.marker?.kind === 'run') sorted.runnables.push({ block, project: block.marker.project });
    else if (block.language === 'sh') sorted.runnables.push({ block, project: 'repository' });
    else sorted.unmarked.push(block);
  }
  return sorted;
}

/** Runs `jobs` in order, `atOnce` at a time, handing each outcome to `done` as it comes. */
async function runInLanes(
  jobs: Job[],
  atOnce: number,
  runOne: (job: Job) => Promise<Outcome>,
  done: (job: Job, outcome: Outcome) => void,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let job = jobs[next++]; job !== undefined; job = jobs[next++]) done(job, await runOne(job));
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, jobs.length) }, lane));
}

function report(job: Job, outcome: Outcome, tally: Tally): void {
  tally.add(job.node, outcome);
  const on = `${job.project}, Node ${String(job.node)}`;
  for (const block of outcome.passed) console.log(`docs: ${where(block)} ran (${block.language}, ${on})`);
  if (outcome.failure) console.log(`docs: FAILED (${on}) ${outcome.failure.message}`);
}

async function main(pages: string[]): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'site-articles-docs-'));
  const projects = new Projects(work);
  let standIn: Promise<Server> | undefined;
  const deployment = async (): Promise<string> => (await (standIn ??= startStandIn(work))).baseUrl;
  const tally = new Tally();
  const jobs: Job[] = [];
  for (const page of pages) {
    const path = resolve(root, page);
    const shown = relative(root, path).startsWith('..') ? path : relative(root, path);
    const sorted = sort(blocksOf(shown, readFileSync(path, 'utf8')));
    tally.page(
      sorted.runnables.map(({ block }) => block),
      sorted.marked,
      sorted.unmarked,
    );
    for (const block of sorted.unmarked) {
      console.log(
        `docs: ${where(block)}: a ${block.language || 'plain'} block that does not run needs <!-- not run: reason -->`,
      );
    }
    jobs.push(...jobsOf(sorted.runnables, projects));
  }
  try {
    const ofRepository = jobs.filter((job) => job.project === 'repository');
    const ofProjects = jobs.filter((job) => job.project !== 'repository');
    if (ofProjects.length > 0) await projects.pack();
    for (const name of new Set(ofProjects.map((job) => job.project))) projects.prepare(name);
    const runOne = (job: Job): Promise<Outcome> => runJob(job, projects, deployment);
    const done = (job: Job, outcome: Outcome): void => {
      report(job, outcome, tally);
    };
    await Promise.all([
      runInLanes(ofRepository, 1, runOne, done),
      runInLanes(ofProjects, projectJobsAtOnce, runOne, done),
    ]);
  } finally {
    if (standIn) (await standIn).stop();
    rmSync(work, { recursive: true, force: true });
  }
  console.log(tally.summary(where));
  return tally.failed() === 0 ? 0 : 1;
}

const pages = process.argv.slice(2);
void main(pages.length > 0 ? pages : defaultPages()).then((code) => process.exit(code));
