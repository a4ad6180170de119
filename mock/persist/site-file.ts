/**
 * `--persist <file>`: the site kept in a file across restarts (outside the interface). Each change
 * of the store schedules a save; saves are coalesced (one write at a time, the next one shortly
 * after, with whatever changed meanwhile), so a burst of requests costs a few writes, not one each,
 * and no request waits for the disk. Every save is atomic (atomic-write.ts).
 */
import { existsSync } from 'node:fs';
import { readFixtureFile } from '../fixtures/fixture-file';
import type { MockOptions } from '../app/options';
import type { SiteStore } from '../store/site-store';
import { removeLeftovers, writeAtomically } from './atomic-write';

/** How long a change may wait for others to join it in one write. */
export const saveDelayMs = 20;

export class SiteFile {
  private store?: SiteStore;
  private stopFollowing?: () => void;
  private timer?: NodeJS.Timeout;
  private writing?: Promise<void>;
  private dirty = false;

  constructor(
    readonly path: string,
    private readonly report: (problem: string) => void = (problem) => {
      console.error(problem);
    },
  ) {}

  /** The saved site, unchecked, or undefined when the file does not exist yet. */
  load(): unknown {
    if (!existsSync(this.path)) return undefined;
    removeLeftovers(this.path);
    return readFixtureFile(this.path);
  }

  /** Saves `store` now and after each of its changes; a later call follows the new store instead. */
  follow(store: SiteStore): void {
    this.stopFollowing?.();
    this.store = store;
    this.stopFollowing = store.onChange(() => {
      this.schedule();
    });
    this.schedule();
  }

  /** Resolves once everything changed so far is on disk. */
  async flush(): Promise<void> {
    while (this.timer !== undefined || this.writing !== undefined) {
      if (this.timer !== undefined) {
        clearTimeout(this.timer);
        this.timer = undefined;
        this.save();
      }
      await this.writing;
    }
  }

  private schedule(): void {
    this.dirty = true;
    if (this.timer !== undefined || this.writing !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.save();
    }, saveDelayMs);
  }

  private save(): void {
    if (this.store === undefined) return;
    this.dirty = false;
    const text = this.snapshot(this.store);
    this.writing = writeAtomically(this.path, text)
      .catch((error: unknown) => {
        this.report(
          `mock: cannot save the site to ${this.path}: ${error instanceof Error ? error.message : String(error)}`,
        );
      })
      .finally(() => {
        this.writing = undefined;
        if (this.dirty) this.schedule();
      });
  }

  private snapshot(store: SiteStore): string {
    return `${JSON.stringify(store.toFixture(), null, 2)}\n`;
  }
}

/** The `createApp` options that start from the file (when it exists) and keep it saved. */
export function persistedIn(file: SiteFile): Pick<MockOptions, 'state' | 'onStore'> {
  const site = file.load();
  return {
    ...(site !== undefined ? { state: { site, source: file.path } } : {}),
    onStore: (store) => {
      file.follow(store);
    },
  };
}
