/**
 * The run's count: each block that runs passes when it passed on every Node.js release it ran on;
 * the count of each release says how many blocks ran there, how many passed, and how many did not
 * run there (they are for other releases, or marked not to run).
 */
import type { DocBlock } from './blocks';
import type { Outcome } from './run-page';

interface OnRelease {
  passed: number;
  failed: number;
}

export class Tally {
  private runnable = 0;
  private readonly marked: DocBlock[] = [];
  private unmarked = 0;
  private readonly failedBlocks = new Set<DocBlock>();
  private readonly releases = new Map<number, OnRelease>();

  /** A page's blocks: those that run, those marked not to, and those that lack their marker (each a failure). */
  page(runnable: DocBlock[], marked: DocBlock[], unmarked: DocBlock[]): void {
    this.runnable += runnable.length;
    this.marked.push(...marked);
    this.unmarked += unmarked.length;
  }

  /** How one job went on release `node`. */
  add(node: number, outcome: Outcome): void {
    const release = this.releases.get(node) ?? { passed: 0, failed: 0 };
    release.passed += outcome.passed.length;
    release.failed += outcome.failed.length;
    this.releases.set(node, release);
    for (const block of outcome.failed) this.failedBlocks.add(block);
  }

  /** Blocks that failed on some release, and blocks without the marker they need. */
  failed(): number {
    return this.failedBlocks.size + this.unmarked;
  }

  summary(where: (block: DocBlock) => string): string {
    const all = this.runnable + this.marked.length + this.unmarked;
    const reasons = this.marked.map(
      (block) => `  ${where(block)}: ${block.marker?.kind === 'not run' ? block.marker.reason : ''}`,
    );
    const perRelease = [...this.releases]
      .sort(([one], [other]) => one - other)
      .map(([node, { passed, failed }]) => {
        const ran = passed + failed;
        const counts = `${String(ran)} blocks ran, ${String(passed)} passed, ${String(failed)} failed`;
        return `docs: Node ${String(node)}: ${counts}, ${String(all - ran)} not run there`;
      });
    const passed = this.runnable - this.failedBlocks.size;
    const skipped = String(this.marked.length);
    return [
      `docs: marked not run:\n${reasons.join('\n')}`,
      ...perRelease,
      `docs: ${String(this.runnable)} blocks ran, ${skipped} marked not run`,
      `docs: ${String(passed)} passed, ${String(this.failed())} failed, ${skipped} skipped`,
    ].join('\n');
  }
}
