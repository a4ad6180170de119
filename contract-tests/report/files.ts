/**
 * The report files a run was asked for (`--junit`, `--html`): their folders made, as report writers
 * (jest-junit, Playwright) make them, and a check before the run starts that each file can be
 * written (a run is not wasted on a typo); then writing them from the records at the end.
 */
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SettingsError } from '../settings';
import { renderHtml } from './html';
import { renderJunit } from './junit';
import type { RunSummary } from './record';
import { writeCaseFiles } from './case-file';

export interface ReportFiles {
  junit?: string;
  html?: string;
}

const wanted = (files: ReportFiles): [string, string][] =>
  Object.entries(files).filter((entry): entry is [string, string] => typeof entry[1] === 'string');

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Makes each report file's folder when missing; refuses, before anything is sent, one that cannot be made or written. */
export function checkReportFiles(files: ReportFiles): void {
  for (const [option, file] of wanted(files)) {
    const folder = dirname(resolve(file));
    try {
      mkdirSync(folder, { recursive: true });
      accessSync(folder, constants.W_OK);
    } catch (error) {
      throw new SettingsError(`--${option} ${file}: the folder ${folder} cannot be made or written (${reason(error)})`);
    }
  }
}

/** Writes each report file asked for; a line to print per file, and whether all were written. */
export function writeReportFiles(files: ReportFiles, run: RunSummary): { lines: string[]; ok: boolean } {
  const render = { junit: renderJunit, html: renderHtml };
  const lines: string[] = [];
  let ok = true;
  for (const [option, file] of wanted(files)) {
    try {
      writeFileSync(file, render[option as keyof ReportFiles](run));
      lines.push(`contract: wrote the ${option === 'html' ? 'HTML report' : 'JUnit XML'} to ${file}`);
    } catch (error) {
      ok = false;
      lines.push(`contract: could not write --${option} ${file}: ${reason(error)}`);
    }
  }
  return { lines, ok };
}

/** Each failure's case file (case-file.ts), beside the reports; a line to print per folder. */
function writeCases(run: RunSummary): { lines: string[]; ok: boolean } {
  if (!run.replay) return { lines: [], ok: true };
  try {
    return { lines: writeCaseFiles(run.records, { ...run.replay, target: run.target }), ok: true };
  } catch (error) {
    return { lines: [`contract: could not write the case files: ${reason(error)}`], ok: false };
  }
}

/** The report files asked for and the case files, written from the run's records; a file that cannot be written makes the exit 2. */
export function finishReports(files: ReportFiles, run: RunSummary, code: number): number {
  const reports = writeReportFiles(files, run);
  const cases = writeCases(run);
  const lines = [...reports.lines, ...cases.lines];
  const ok = reports.ok && cases.ok;
  for (const line of lines) (ok ? console.log : console.error)(line);
  return ok || code !== 0 ? code : 2;
}
