/**
 * Writes the recorded site atomically (a temporary file beside it, then a rename), so a reader or
 * a crash never sees half a fixture. Changes are written soon after they happen, coalesced into
 * one write per turn of the event loop, and once more, synchronously, at exit.
 */
import { renameSync, writeFileSync } from 'node:fs';
import type { RoutedRequest } from './route';
import type { SiteRecorder } from './recorder';

export class RecordFile {
  private pending = false;

  constructor(
    private readonly path: string,
    private readonly recorder: SiteRecorder,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** `onCleanAnswer` of the proxy: learns from a clean answer and schedules a write if it changed anything. */
  readonly see = (route: RoutedRequest, target: string, body: Buffer): void => {
    let answer: unknown;
    try {
      answer = JSON.parse(body.toString('utf8'));
    } catch {
      return;
    }
    if (!this.recorder.see(route, target, answer) || this.pending) return;
    this.pending = true;
    setImmediate(() => {
      this.pending = false;
      this.write();
    });
  };

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
