/**
 * A failure saved as a case file: one versioned JSON file per failed check, written beside the
 * report, that holds the whole exchange (every request in the order sent, which went at once,
 * each answer whole, with times), what the interface states and what came back, and the run's
 * settings the check needs to send the same requests again (`articles-contract replay <file>`,
 * replay.ts). The report itself shows only the differences; this file has everything.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Exchange } from '../http/client';
import type { CheckRecord } from './record';

export const caseFormat = 'articles-contract-case';
export const caseVersion = 1;

/** What a replay needs of the run a failure came from. */
export interface ReplaySettings {
  /** Names the run's keys (`contract_<run id>_...`): a replay writes the same keys. */
  runId: string;
  /** Seed of the generated values and key names. */
  seed: number;
  /** Every article of the run: a check that spans articles writes to each. */
  articleIds: number[];
  concurrency: number;
  maxInFlight: number;
}

export interface SavedRequest {
  method: string;
  url: string;
  /** As sent, the token excepted. */
  headers: Record<string, string>;
  withToken: boolean;
  body?: string;
}

export interface SavedExchange {
  /** Requests with the same number were sent at once; absent for a request sent on its own. */
  atOnce?: number;
  /** How the failure names the request (`#3 PUT data/k1`), for one sent at once. */
  label?: string;
  /** Absent only for a request sent at once that got no answer: its curl says what it was. */
  request?: SavedRequest;
  /** When it left (ISO 8601), and how long its answer took. */
  sentAt?: string;
  tookMs?: number;
  /** The whole answer; absent when none came (then `noAnswer` says why). */
  answer?: { status: number; headers: Record<string, string>; body: string };
  noAnswer?: string;
  curl: string;
}

export interface CaseFile {
  format: typeof caseFormat;
  version: typeof caseVersion;
  check: { id: string; section: string; title: string };
  articleId: number;
  /** The check's place among the run's checks (`c12`), which names its keys. */
  lane: string;
  run: ReplaySettings & { target: string };
  expected: string;
  actual: string;
  /** Why no order of the requests sent at once explains their answers. */
  why?: string;
  /** Every request of the failure in the order sent, with its answer. */
  exchanges: SavedExchange[];
}

function saved(exchange: Exchange): Omit<SavedExchange, 'atOnce' | 'label'> {
  const { request } = exchange;
  return {
    request: {
      method: request.method,
      url: request.url,
      headers: request.headers,
      withToken: request.withToken,
      ...(request.body === undefined ? {} : { body: request.body }),
    },
    ...(exchange.timing ? { sentAt: exchange.timing.sentAt, tookMs: exchange.timing.tookMs } : {}),
    answer: { status: exchange.status, headers: Object.fromEntries(exchange.headers), body: exchange.text },
    curl: exchange.curl,
  };
}

/** The requests sent at once first (as the failure lists them), then those sent one at a time. */
function exchangesOf(record: CheckRecord): SavedExchange[] {
  const burst = record.timeline?.requests ?? [];
  const inBurst = new Set(burst.map((request) => request.exchange));
  const atOnce = burst.map((request): SavedExchange => {
    const whole = request.exchange ? saved(request.exchange) : undefined;
    return whole
      ? { atOnce: 1, label: request.label, ...whole }
      : {
          atOnce: 1,
          label: request.label,
          noAnswer: request.answer,
          curl: request.curl,
        };
  });
  const alone = (record.exchanges ?? []).filter((exchange) => !inBurst.has(exchange)).map(saved);
  return [...atOnce, ...alone];
}

/** The case file of a failed record of the fixed checks; undefined for what cannot be replayed alone. */
export function caseOf(record: CheckRecord, run: ReplaySettings & { target: string }): CaseFile | undefined {
  if (record.outcome !== 'failed' || record.lane === undefined || record.articleId === undefined) return undefined;
  return {
    format: caseFormat,
    version: caseVersion,
    check: { id: record.id, section: record.section, title: record.title },
    articleId: record.articleId,
    lane: record.lane,
    run,
    expected: record.expected ?? '',
    actual: record.actual ?? record.detail ?? '',
    ...(record.timeline ? { why: record.timeline.why } : {}),
    exchanges: exchangesOf(record),
  };
}

/**
 * Where a run's case files go: a `contract-failures` folder beside the report asked for (`--html`,
 * else `--junit`), or, with neither, a folder of its own in the system's temporary folder, which the
 * console names.
 */
export function caseFolder(reports: { html?: string; junit?: string }, runId: string): string {
  const report = reports.html ?? reports.junit;
  return report === undefined
    ? join(tmpdir(), `articles-contract-${runId}`)
    : join(dirname(resolve(report)), 'contract-failures');
}

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Names each failure's case file from the failure: its number, check and article (`03-set-key-adds-article-2.json`). */
export function nameCaseFiles(records: CheckRecord[], folder: string): CheckRecord[] {
  let number = 0;
  return records.map((record) => {
    if (record.outcome !== 'failed' || record.lane === undefined) return record;
    number += 1;
    const name = `${String(number).padStart(2, '0')}-${slug(record.id)}-article-${String(record.articleId)}.json`;
    return { ...record, caseFile: join(folder, name) };
  });
}

/** A case file this suite wrote earlier, by its name: the folder is emptied of these before a run writes its own. */
const caseFileName = /^[0-9]{2,}-[a-z0-9-]+-article-[0-9]+\.json$/;

/** Writes the case file of each record that has one named; a line to print, or none. */
export function writeCaseFiles(records: CheckRecord[], run: ReplaySettings & { target: string }): string[] {
  const named = records.filter((record) => record.caseFile !== undefined);
  const folders = [...new Set(named.map((record) => dirname(record.caseFile ?? '')))];
  for (const folder of folders) {
    mkdirSync(folder, { recursive: true });
    for (const old of readdirSync(folder).filter((name) => caseFileName.test(name))) rmSync(join(folder, old));
  }
  for (const record of named) {
    const saved = caseOf(record, run);
    if (saved && record.caseFile) writeFileSync(record.caseFile, `${JSON.stringify(saved, null, 2)}\n`);
  }
  return folders.map(
    (folder) =>
      `contract: wrote ${String(named.length)} case file(s) to ${folder}; send one again with: npx articles-contract replay <file> --base-url <url>`,
  );
}
