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
import { BlockFailed, runPage, type Runnable } from './run-page';
import { startStandIn } from './stand-in';

const root = join(__dirname, '..', '..');

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

async function main(pages: string[]): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'site-articles-docs-'));
  const projects = new Projects(work);
  let standIn: Promise<Server> | undefined;
  const deployment = async (): Promise<string> => (await (standIn ??= startStandIn(work))).baseUrl;
  let passed = 0;
  let failed = 0;
  const marked: DocBlock[] = [];
  try {
    for (const page of pages) {
      const path = resolve(root, page);
      const shown = relative(root, path).startsWith('..') ? path : relative(root, path);
      const sorted = sort(blocksOf(shown, readFileSync(path, 'utf8')));
      marked.push(...sorted.marked);
      for (const block of sorted.unmarked) {
        console.log(
          `docs: ${where(block)}: a ${block.language || 'plain'} block that does not run needs <!-- not run: reason -->`,
        );
      }
      failed += sorted.unmarked.length;
      const ran = await runPageReporting(sorted.runnables, projects, deployment);
      passed += ran.passed;
      failed += ran.failed;
    }
  } finally {
    if (standIn) (await standIn).stop();
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`docs: marked not run:\n${marked.map((block) => `  ${where(block)}: ${reasonOf(block)}`).join('\n')}`);
  console.log(`docs: ${String(passed)} blocks ran, ${String(marked.length)} marked not run`);
  console.log(`docs: ${String(passed)} passed, ${String(failed)} failed, ${String(marked.length)} skipped`);
  return failed === 0 ? 0 : 1;
}

const reasonOf = (block: DocBlock): string => (block.marker?.kind === 'not run' ? block.marker.reason : '');

async function runPageReporting(
  runnables: Runnable[],
  projects: Projects,
  deployment: () => Promise<string>,
): Promise<{ passed: number; failed: number }> {
  if (runnables.length === 0) return { passed: 0, failed: 0 };
  try {
    await runPage(runnables, projects, deployment);
    for (const { block, project } of runnables)
      console.log(`docs: ${where(block)} ran (${block.language}, ${project})`);
    return { passed: runnables.length, failed: 0 };
  } catch (error) {
    if (!(error instanceof BlockFailed)) throw error;
    console.log(`docs: FAILED ${error.message}`);
    const reached = runnables.findIndex(({ block }) => block === error.block);
    return { passed: Math.max(reached, 0), failed: runnables.length - Math.max(reached, 0) };
  }
}

const pages = process.argv.slice(2);
void main(pages.length > 0 ? pages : defaultPages()).then((code) => process.exit(code));
