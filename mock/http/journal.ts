/**
 * A bounded journal of recent requests, and the one-line request log. Tokens never appear in
 * either: the `api_token` query parameter is masked before anything is kept or printed.
 */
export interface JournalEntry {
  at: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

export function maskToken(url: string): string {
  return url.replace(/([?&]api_token=)[^&#]*/gi, '$1***');
}

export class Journal {
  private readonly entries: JournalEntry[] = [];

  constructor(private readonly capacity: number) {}

  add(entry: JournalEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  /** Oldest first. */
  list(): JournalEntry[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries.length = 0;
  }
}

export const formatLogLine = (entry: JournalEntry): string =>
  `${entry.method} ${entry.path} ${entry.status} ${entry.ms.toFixed(1)}ms`;
