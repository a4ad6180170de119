/**
 * A bounded journal of recent requests, and the one-line request log. Tokens never appear in
 * either: every `api_token` query parameter (its name decoded as the query parser decodes it, so
 * `api%5Ftoken` too) and the configured token itself are masked before anything is kept or printed.
 */
export interface JournalEntry {
  at: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  /** Set by the validating proxy (mock/proxy): how many violations this answer had. */
  violations?: number;
}

function isTokenName(name: string): boolean {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase() === 'api_token';
  } catch {
    return false;
  }
}

/** Tokens shorter than this are guessable anyway; masking them everywhere would garble the log. */
const shortestMaskedToken = 4;

export function maskToken(url: string, token?: string): string {
  const maskable = token !== undefined && token.length >= shortestMaskedToken;
  if (!maskable && !url.includes('=')) return url;
  let masked = url.replace(/([?&][^=&#]*=)[^&#]*/g, (whole, name: string) =>
    isTokenName(name.slice(1, -1)) ? `${name}***` : whole,
  );
  if (maskable) {
    for (const form of new Set([token, encodeURIComponent(token)])) masked = masked.split(form).join('***');
  }
  return masked;
}

/** A ring of the last `capacity` entries: adding never moves the others. */
export class Journal {
  private entries: JournalEntry[] = [];
  /** Where the next entry goes once the ring is full (the oldest entry's place). */
  private next = 0;

  constructor(private readonly capacity: number) {}

  add(entry: JournalEntry): void {
    if (this.capacity <= 0) return;
    if (this.entries.length < this.capacity) {
      this.entries.push(entry);
      return;
    }
    this.entries[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
  }

  /** Oldest first. */
  list(): JournalEntry[] {
    return [...this.entries.slice(this.next), ...this.entries.slice(0, this.next)];
  }

  clear(): void {
    this.entries = [];
    this.next = 0;
  }
}

export const formatLogLine = (entry: JournalEntry): string =>
  `${entry.method} ${entry.path} ${entry.status} ${entry.ms.toFixed(1)}ms`;

/** Records one answered request in the journal and the log, with tokens masked; every adapter calls it. */
export type RecordRequest = (method: string, url: string, status: number, ms: number) => void;

export function journalRecorder(
  journal: Journal,
  log: ((line: string) => void) | undefined,
  token?: string,
): RecordRequest {
  return (method, url, status, ms) => {
    const entry = { at: new Date().toISOString(), method, path: maskToken(url, token), status, ms };
    journal.add(entry);
    log?.(formatLogLine(entry));
  };
}
