/**
 * `--duration-only [<time>]`: the contract command's `--duration` (random sequences at
 * `--concurrency` at once, contract-tests/explore/duration.ts) run as a user runs it, the built
 * `articles-contract` against the built mock in its own process (or the in-process mock with
 * `--in-process`). Every minute the suite's heap after a full garbage collection and its resident
 * memory (bench/heap-probe.ts, inside the suite's process), the mock's resident memory, and from the
 * command's live lines the sequences judged, the request rate and the violations found.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { HeapSample } from './heap-probe';
import { mockCommand, type Runner } from './sections';
import { startServer, type Server } from './processes';
import { table } from './format';

export interface DurationSettings {
  /** As `--duration` takes it: `90s`, `10m`, `1h`. */
  time: string;
  concurrency: number;
  inProcess: boolean;
}

export interface DurationRow {
  /** Minutes since the command started; the last row is the run's end. */
  minute: number;
  final: boolean;
  sequences: number;
  /** The mean of the live lines' rates since the row before. */
  requestsPerSecond: number;
  heapAfterGcMb: number;
  rssMb: number;
  mockRssMb?: number;
  violations: number;
}

export interface DurationRun {
  settings: DurationSettings;
  /** The command's options, as a user would type them. */
  args: string[];
  rows: DurationRow[];
  exitCode: number | null;
  /** The command's last lines: its end report. */
  ending: string[];
}

/** The command's live line (duration-cli.ts): rate, sequences and violations so far. */
const liveLine = /^contract: \d+ s, (\d+) req\/s, .*, (\d+) sequence\(s\), violations (\d+)/;

/** The live lines' tallies, and each sample of the probe turned into a row. */
class Rows {
  readonly rows: DurationRow[] = [];
  private rates: number[] = [];
  private sequences = 0;
  private violations = 0;

  line(text: string): void {
    const found = liveLine.exec(text);
    if (!found) return;
    this.rates.push(Number(found[1]));
    this.sequences = Number(found[2]);
    this.violations = Number(found[3]);
  }

  sample(sample: HeapSample, mock: Server | undefined): DurationRow {
    const rate = this.rates.length === 0 ? 0 : this.rates.reduce((sum, one) => sum + one, 0) / this.rates.length;
    this.rates = [];
    const row: DurationRow = {
      minute: sample.at / 60,
      final: sample.final,
      sequences: this.sequences,
      requestsPerSecond: rate,
      heapAfterGcMb: sample.heapAfterGcMb,
      rssMb: sample.rssMb,
      ...(mock ? { mockRssMb: mock.rssMb() } : {}),
      violations: this.violations,
    };
    this.rows.push(row);
    return row;
  }
}

const commandArgs = (settings: DurationSettings, origin?: string): string[] => [
  ...(origin ? ['--base-url', origin] : []),
  '--article-id',
  '1,2',
  '--duration',
  settings.time,
  '--concurrency',
  String(settings.concurrency),
  '--no-comments',
];

export async function runDurationBench(
  runner: Runner,
  root: string,
  settings: DurationSettings,
  progress: (row: DurationRow) => void,
): Promise<DurationRun> {
  const mock = settings.inProcess ? undefined : await startServer(mockCommand(runner), runner.pin);
  const args = commandArgs(settings, mock?.origin);
  const command = join(root, 'contract-tests', 'bin', 'articles-contract.js');
  // The probe as the bench's own scripts run: compiled, or through the loader the bench was started with.
  const [probe = '', ...loader] = runner.script('heap-probe').reverse();
  const child = spawn(process.execPath, [...loader.reverse(), '--expose-gc', '--require', probe, command, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const rows = new Rows();
  const lines: string[] = [];
  let partial = '';
  const take = (chunk: Buffer): void => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      rows.line(line);
      lines.push(line);
      if (lines.length > 40) lines.shift();
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  child.on('message', (sample: HeapSample) => {
    progress(rows.sample(sample, mock));
  });
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  await mock?.stop();
  return { settings, args, rows: rows.rows, exitCode, ending: lines.filter((line) => !liveLine.test(line)).slice(-12) };
}

const mb = (value: number | undefined): string => (value === undefined ? '-' : `${value.toFixed(1)} MB`);

export const durationRow = (row: DurationRow): string[] => [
  row.final ? `${row.minute.toFixed(1)} (end)` : row.minute.toFixed(0),
  String(row.sequences),
  row.requestsPerSecond.toFixed(0),
  mb(row.heapAfterGcMb),
  mb(row.rssMb),
  mb(row.mockRssMb),
  String(row.violations),
];

export const durationHeader = [
  'minute',
  'sequences',
  'req/s',
  'suite heap after gc',
  'suite RSS',
  'mock RSS',
  'violations',
];

/** From the second minute on (the first holds the start's own work): the lowest and highest heap after gc. */
function heapRange(rows: DurationRow[]): string {
  const later = rows.slice(1).map((row) => row.heapAfterGcMb);
  if (later.length === 0) return 'too short a run to say';
  return `${Math.min(...later).toFixed(1)} to ${Math.max(...later).toFixed(1)} MB from the second minute to the end`;
}

/** The run as it goes into BENCHMARKS.md. */
export function durationSection(run: DurationRun, date: Date, loadBefore: number): string {
  const target = run.settings.inProcess
    ? 'the in-process mock (suite and mock in one process: the mock RSS is in the suite RSS)'
    : 'the built mock (`node mock/dist/cli.js`) in its own process';
  const violations = run.rows.at(-1)?.violations ?? 0;
  return [
    `\`npm run bench -- --duration-only ${run.settings.time}${run.settings.inProcess ? ' --in-process' : ''}\` (\`bench/duration.ts\`), ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${String(loadBefore)} at its start: the built \`articles-contract ${run.args.map((arg) => (arg.startsWith('http') ? '<the mock>' : arg)).join(' ')}\` against ${target}. Each minute, inside the suite's process, a full garbage collection and then the heap left (what the run keeps) and the resident memory; req/s is the mean of the command's live lines over the minute.`,
    '',
    table(durationHeader, run.rows.map(durationRow)),
    '',
    `Exit code ${String(run.exitCode)}, ${String(run.rows.at(-1)?.sequences ?? 0)} sequences, ${violations === 0 ? 'no violation' : `${String(violations)} violation(s)`}; the suite's heap after gc ${heapRange(run.rows)}.`,
  ].join('\n');
}
