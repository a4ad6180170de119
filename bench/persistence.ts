/**
 * `--persist`: setting a key durably under 32 connections against bare Express saving
 * nothing, the cost of one write on the sample site and on the large one, and the large site's
 * start-up from its database. The databases live beside the large fixture, on the project's disk
 * (never a memory file system, where a flush would cost nothing).
 */
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { operations, type Case } from './cases';
import { inRounds, measure, type Compared, type Runner } from './measure';
import { startServer, type Server, type ServerCommand } from './processes';
import { ensureFixture } from './sections';

export interface PersistRun {
  /** The persisted mock against bare Express, setting a key (4.3). */
  setKey: Compared;
  /**
   * Setting a key on a random one of articles 1 to 5: the persisted large site, then a persisted
   * site of five articles made by the same generator. The same rows, of the same sizes, change on
   * both, so the commits are alike and only the site's size differs.
   */
  writeCost?: Compared;
  /** The same, on any article of the large site: each article's first write reads it from the file first. */
  spreadWriteCost?: Compared;
  /** Spawn to first answer of the persisted large site, each start. */
  startsMs?: number[];
  startPeakMb?: number;
  databaseMb?: number;
}

const probe = '/admin/api/articles/1';
const json = { 'Content-Type': 'application/json' };
const setKeyOf = (articles: number): Case => ({
  name: `set a key on a random one of articles 1 to ${String(articles)}`,
  request: {
    method: 'PUT',
    path: '/admin/api/articles/{id}/data/bench',
    ids: [1, articles],
    body: '{"value":42}',
    headers: json,
  },
});

const persisted = (runner: Runner, database: string, ...options: string[]): ServerCommand => ({
  args: [runner.cli, '--port', '{port}', '--persist', database, ...options],
  probe,
});

/** A fresh database of the sample site. */
function freshDatabase(folder: string, name: string): string {
  const file = join(folder, name);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  return file;
}

/** The large site's database, made once from the large fixture: a write is answered only after the whole site's commit. */
async function largeDatabase(runner: Runner, fixture: string): Promise<string> {
  const file = fixture.replace(/\.json$/, '.db');
  if (existsSync(file)) return file;
  const server = await startServer(persisted(runner, file, '--fixtures', fixture), runner.pin, {
    timeoutMs: 300_000,
    pinLater: true,
  });
  await fetch(`${server.origin}/admin/api/articles/1/data/made`, {
    method: 'PUT',
    headers: json,
    body: '{"value":true}',
  });
  await server.stop();
  return file;
}

async function timedStarts(runner: Runner, command: ServerCommand): Promise<{ startsMs: number[]; last: Server }> {
  const loading = { timeoutMs: 120_000, pinLater: true };
  const startsMs: number[] = [];
  for (let start = 1; start < runner.settings.largeLoads; start += 1) {
    const server = await startServer(command, runner.pin, loading);
    startsMs.push(server.startMs);
    await server.stop();
  }
  const last = await startServer(command, runner.pin, loading);
  startsMs.push(last.startMs);
  return { startsMs, last };
}

export async function runPersistence(runner: Runner, bare: ServerCommand, largeFixture?: string): Promise<PersistRun> {
  const folder = join(dirname(largeFixture ?? join('.tmp', 'x')), 'bench-persist');
  mkdirSync(folder, { recursive: true });
  const sample = await startServer(persisted(runner, freshDatabase(folder, 'sample.db')), runner.pin);
  const express = await startServer(bare, runner.pin);
  try {
    const setKey = operations[2];
    if (!setKey) throw new Error('no set-a-key case');
    const [versusExpress] = await inRounds(runner, [sample, express], [setKey]);
    if (!versusExpress) throw new Error('no comparison');
    if (largeFixture === undefined) return { setKey: versusExpress };
    const database = await largeDatabase(runner, largeFixture);
    const { startsMs, last: large } = await timedStarts(runner, persisted(runner, database));
    try {
      const startPeakMb = large.peakMb();
      const twinFixture = join(folder, 'twin-5-articles.json');
      ensureFixture(runner, twinFixture, false, { largeArticles: 5, largeComments: 50 });
      const twin = await startServer(
        persisted(runner, freshDatabase(folder, 'twin.db'), '--fixtures', twinFixture),
        runner.pin,
      );
      let onTwin: Compared['results'][number];
      try {
        onTwin = await measure(runner, twin, setKeyOf(5).request);
      } finally {
        await twin.stop();
      }
      const writeCost: Compared = {
        name: 'set a key on a random one of articles 1 to 5',
        results: [await measure(runner, large, setKeyOf(5).request), onTwin],
      };
      const spreadWriteCost: Compared = {
        name: `set a key on a random article of the whole site (1 to ${String(runner.settings.largeArticles)} on the large site)`,
        results: [await measure(runner, large, setKeyOf(runner.settings.largeArticles).request), onTwin],
      };
      return {
        setKey: versusExpress,
        writeCost,
        spreadWriteCost,
        startsMs,
        startPeakMb,
        databaseMb: statSync(database).size / 1e6,
      };
    } finally {
      await large.stop();
    }
  } finally {
    await sample.stop();
    await express.stop();
  }
}
