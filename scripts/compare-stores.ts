/**
 * Side by side on this machine, the embedded SQLite candidates for `--persist` (decision
 * 015 records the choice): each is installed into a scratch project from the npm registry, then
 * opened, written once durably, written as a burst in one transaction, and killed with SIGKILL
 * while writing, many times over, to see whether every acknowledged row survives and the file
 * still opens. Not part of `npm test` or `npm run bench`: it installs packages.
 *
 *   npx tsx scripts/compare-stores.ts [--rounds 20]
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/** The candidates with a better-sqlite3-style synchronous API; the others are tried for loading only. */
const candidates = ['libsql', 'better-sqlite3'];
const loadOnly = ['@sqlite.org/sqlite-wasm', 'node:sqlite'];

/** Runs in the scratch project: open, one write, a burst, as JSON on stdout. */
const measure = `
const Database = require(process.argv[1]);
const file = process.argv[2];
const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;
let start = process.hrtime.bigint();
const db = new Database(file);
db.exec('PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;');
db.exec('CREATE TABLE IF NOT EXISTS data (article INTEGER, key TEXT, value TEXT, PRIMARY KEY (article, key))');
const open = ms(start);
const put = db.prepare('INSERT INTO data VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET value = excluded.value');
const writes = [];
for (let i = 0; i < 200; i++) { start = process.hrtime.bigint(); put.run(1, 'k' + i, '{"v":1}'); writes.push(ms(start)); }
const burst = db.transaction((n) => { for (let i = 0; i < n; i++) put.run(2, 'b' + i, '{"v":2}'); });
const bursts = [];
for (let i = 0; i < 100; i++) { start = process.hrtime.bigint(); burst(32); bursts.push(ms(start)); }
const median = (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(JSON.stringify({ open, write: median(writes), burst32: median(bursts) }));
`;

/** Runs in the scratch project until killed: commits one row at a time, printing each id once committed. */
const writeUntilKilled = `
const Database = require(process.argv[1]);
const db = new Database(process.argv[2]);
db.exec('PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;');
db.exec('CREATE TABLE IF NOT EXISTS acked (id INTEGER PRIMARY KEY)');
const put = db.prepare('INSERT INTO acked VALUES (?)');
let id = Number(db.prepare('SELECT coalesce(max(id), 0) AS id FROM acked').get().id);
const step = () => { id += 1; put.run(id); process.stdout.write(id + '\\n'); setImmediate(step); };
step();
`;

/** After a kill: whether the file opens and passes its integrity check, and the highest committed id. */
const inspect = `
const Database = require(process.argv[1]);
const db = new Database(process.argv[2]);
const ok = db.prepare('PRAGMA integrity_check').get();
const max = db.prepare('SELECT coalesce(max(id), 0) AS id FROM acked').get().id;
console.log(JSON.stringify({ ok: Object.values(ok)[0], max: Number(max) }));
`;

function node(project: string, code: string, args: string[]): string {
  return execFileSync(process.execPath, ['-e', code, ...args], { cwd: project, encoding: 'utf8', stdio: 'pipe' });
}

/** One crash: kill the writer after it acknowledged some rows; true when every acknowledged row is there. */
async function crashOnce(
  project: string,
  name: string,
  file: string,
): Promise<{ acked: number; kept: boolean; opens: boolean }> {
  const child = spawn(process.execPath, ['-e', writeUntilKilled, name, file], { cwd: project });
  let acked = 0;
  await new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const ids = chunk.toString().trim().split('\n').map(Number);
      acked = Math.max(acked, ...ids);
      if (acked >= 50 + Math.floor(Math.random() * 200)) child.kill('SIGKILL');
    });
    child.on('exit', () => {
      resolve();
    });
  });
  const after = JSON.parse(node(project, inspect, [name, file])) as { ok: string; max: number };
  return { acked, kept: after.max >= acked, opens: after.ok === 'ok' };
}

/** Runs `work` in an empty scratch project, removed afterwards. */
async function inScratchProject<T>(work: (project: string) => T | Promise<T>): Promise<T> {
  const project = mkdtempSync(join(tmpdir(), 'store-candidate-'));
  try {
    writeFileSync(join(project, 'package.json'), '{ "name": "scratch", "private": true }\n');
    return await work(project);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

const install = (project: string, name: string): void => {
  execFileSync('npm', ['install', '--no-audit', '--no-fund', name], { cwd: project, stdio: 'pipe', timeout: 600_000 });
};

async function compare(project: string, name: string, rounds: number): Promise<Record<string, unknown>> {
  const started = Date.now();
  try {
    install(project, name);
  } catch (error) {
    return { name, install: `failed: ${String(error).slice(0, 200)}` };
  }
  const installTime = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const timings = JSON.parse(node(project, measure, [name, join(project, 'bench.sqlite')])) as Record<string, number>;
  mkdirSync(join(project, 'crash'));
  const results = [];
  for (let round = 0; round < rounds; round += 1)
    results.push(await crashOnce(project, name, join(project, 'crash', 'db')));
  const lost = results.filter((result) => !result.kept).length;
  const broken = results.filter((result) => !result.opens).length;
  return {
    name,
    install: installTime,
    ...timings,
    crashes: rounds,
    roundsLosingAckedRows: lost,
    roundsNotOpening: broken,
  };
}

function tryLoading(project: string, name: string): Record<string, unknown> {
  try {
    if (!name.startsWith('node:')) install(project, name);
    const code = `import(${JSON.stringify(name)}).then(async (m) => { const init = m.default; if (typeof init === 'function') await init(); console.log('loaded'); })`;
    return { name, loads: node(project, code, []).trim() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const stderr = (error as { stderr?: string }).stderr ?? message;
    return { name, loads: `no: ${/(\w*Error[^\n]*)/.exec(stderr)?.[1] ?? stderr.slice(0, 160)}` };
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
  const rounds = Number(values.rounds);
  console.log(`node ${process.version}, ${rounds} crashes per candidate`);
  for (const name of candidates)
    console.log(JSON.stringify(await inScratchProject((project) => compare(project, name, rounds))));
  for (const name of loadOnly)
    console.log(JSON.stringify(await inScratchProject((project) => tryLoading(project, name))));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
