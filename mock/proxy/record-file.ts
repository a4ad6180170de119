/**
 * Writes the recorded site atomically (a temporary file beside it, then a rename), so a reader or
 * a crash never sees half a fixture. Changes are written soon after they happen, coalesced into
 * one write per turn of the event loop, and once more, synchronously, at exit.
 */
import { renameSync, writeFileSync } from 'node:fs';
import type { SeenAnswer, SiteRecorder } from './site-recorder';

export class RecordFile {
  private pending = false;

  constructor(
    private readonly path: string,
    private readonly recorder: SiteRecorder,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** `onAnswer` of the proxy: shows the recorder the answer and schedules a write if it changed anything. */
  readonly see = (seen: SeenAnswer): void => {
    if (this.recorder.take(seen).outcome !== 'recorded' || this.pending) return;
    this.pending = true;
    setImmediate(() => {
      this.pending = false;
      this.write();
    });
  };

  /** How many answers were recorded and skipped, for the line printed at exit. */
  summary(): string {
    return this.recorder.summary(this.path);
  }

  write(): void {
    const temporary = `${this.path}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, `${JSON.stringify(this.recorder.fixture(), null, 2)}\n`);
      renameSync(temporary, this.path);
    } catch (error) {
      this.onError(error);
    }
  }
}
