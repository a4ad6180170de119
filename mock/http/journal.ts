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
  let masked = url.replace(/([?&][^=&#]*=)[^&#]*/g, (whole, name: string) =>
    isTokenName(name.slice(1, -1)) ? `${name}***` : whole,
  );
  if (token !== undefined && token.length >= shortestMaskedToken) {
    for (const form of new Set([token, encodeURIComponent(token)])) masked = masked.split(form).join('***');
  }
  return masked;
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
