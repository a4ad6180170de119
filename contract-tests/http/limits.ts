/**
 * How long the suite waits for one answer and how much of one it reads (`--timeout`, `--max-body`):
 * a target that never answers, or answers without end, must stop the run with a sentence instead
 * of hanging it or filling its memory.
 */
export interface Limits {
  timeoutMs: number;
  maxBodyBytes: number;
}

/** The interface's answers are an article or a page of comments, kilobytes: 16 MB is far above both. */
export const defaultLimits: Limits = { timeoutMs: 20_000, maxBodyBytes: 16 * 2 ** 20 };

const units = { B: 1, K: 2 ** 10, M: 2 ** 20, G: 2 ** 30 } as const;

/**
 * `16MB`, `16M`, `512KB`, `1.5GB` or a number of bytes; units are powers of 1024. Undefined when the
 * text is none of these. Hand-written: Express's `bytes` reads `10XB` as 10 bytes and `16 M` as 16,
 * where a mistyped setting should be refused.
 */
export function parseSize(text: string): number | undefined {
  const found = /^([0-9]+(?:\.[0-9]+)?) ?(?:([KMG])(?:i?B)?|B)?$/i.exec(text.trim());
  if (!found) return undefined;
  const unit = (found[2]?.toUpperCase() ?? 'B') as keyof typeof units;
  const bytes = Math.floor(Number(found[1]) * units[unit]);
  return bytes >= 1 && Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** 16777216 -> `16 MB`, as a message names a limit. */
export function formatSize(bytes: number): string {
  for (const unit of ['G', 'M', 'K'] as const)
    if (bytes >= units[unit]) return `${String(Number((bytes / units[unit]).toFixed(2)))} ${unit}B`;
  return `${String(bytes)} bytes`;
}

/** 20000 -> `20 s`, 500 -> `0.5 s`. */
export const formatSeconds = (ms: number): string => `${String(ms / 1000)} s`;
