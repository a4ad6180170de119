/**
 * The mock's own work per answer, without sockets or the kernel: the requests of the
 * rounds against plain node:http handed to the built core in-process (`createApp(...).core.handle`,
 * request log, journal and answer check on, as `npm start` has them), and beside them the work
 * plain node:http's key write does on the same article (bench/plain-node.ts: parse, set, stamp,
 * serialise). What the rounds' CPU per answer cannot show apart from the machine's noise, and from
 * the kernel's share that grows with it, this shows steadily.
 *
 * Run pinned to the server's core: argv[2] is the build's `app/create-app.js`, argv[3] the article
 * as the mock answers it. Prints `[{ name, us }]`: CPU µs per answer, the median of five rounds.
 */
import { createRequire } from 'node:module';

interface PlainAnswer {
  status: number;
}
interface Core {
  handle(request: unknown): PlainAnswer | Promise<PlainAnswer>;
}

const { createApp } = createRequire(__filename)(process.argv[2] ?? '') as {
  createApp: (options: object) => { core: Core };
};

const writeBody = Buffer.from('{"value":42}');
const readHeaders = { host: '127.0.0.1:4010', 'user-agent': 'bench', accept: '*/*' };
const writeHeaders = {
  ...readHeaders,
  'content-type': 'application/json',
  'content-length': String(writeBody.length),
};
const noBody = { present: false, read: () => Promise.resolve(new Uint8Array(0)) };
const keyBody = { present: true, read: () => Promise.resolve(writeBody) };

/**
 * A plain request (mock/core/plain.ts) as the node:http adapter makes one: a new object with an
 * address made afresh, as a parsed request line is, so its text is hashed again as in a server.
 */
function requestOf(method: 'GET' | 'PUT', articleId: number): unknown {
  const url =
    method === 'GET'
      ? `/admin/api/articles/${String(articleId)}`
      : `/admin/api/articles/${String(articleId)}/data/bench`;
  return {
    method,
    url,
    originalUrl: url,
    headers: method === 'GET' ? readHeaders : writeHeaders,
    body: method === 'GET' ? noBody : keyBody,
    fallbackBase: 'http://127.0.0.1:4010',
    protocol: 'http',
  };
}

/** The request log as `npm start` keeps it, without the terminal: lines gathered, then let go. */
function requestLog(): (line: string) => void {
  let lines: string[] = [];
  return (line) => {
    lines.push(line);
    if (lines.length >= 1024) lines = [];
  };
}

/** CPU µs per call of `once` (awaited only when it gives a promise), the median of five rounds of `count` after a warm-up. */
async function cpuPerCall(count: number, once: () => unknown): Promise<number> {
  const round = async (): Promise<number> => {
    const before = process.cpuUsage();
    for (let index = 0; index < count; index += 1) {
      const result = once();
      if (result instanceof Promise) await result;
    }
    const spent = process.cpuUsage(before);
    return (spent.user + spent.system) / count;
  };
  await round();
  const rounds: number[] = [];
  for (let index = 0; index < 5; index += 1) rounds.push(await round());
  return rounds.sort((a, b) => a - b)[2] ?? Number.NaN;
}

/** Fails loudly on anything but 200: a measured error path would prove nothing. */
function expectOk(answer: PlainAnswer): void {
  if (answer.status !== 200) throw new Error(`the core answered ${String(answer.status)} in the bench`);
}

/** Answers through the core; a promise only when the core gives one. */
function answered(core: Core, request: unknown): void | Promise<void> {
  const answer = core.handle(request);
  if (answer instanceof Promise) return answer.then(expectOk);
  expectOk(answer);
  return undefined;
}

/** Plain node:http's key write, as bench/plain-node.ts does it once the body is in. */
function plainKeyWrite(article: { data: Record<string, unknown>; updated_at?: string }, body: Buffer): string {
  const { value } = JSON.parse(body.toString('utf8')) as { value?: unknown };
  article.data[decodeURIComponent('bench')] = value;
  article.updated_at = new Date().toISOString();
  return JSON.stringify(article);
}

async function main(): Promise<void> {
  const { core } = createApp({ log: requestLog(), validateResponses: true });
  const read = (): void | Promise<void> => answered(core, requestOf('GET', 1));
  const write = (): void | Promise<void> => answered(core, requestOf('PUT', 1));
  const article = JSON.parse(process.argv[3] ?? '{"data":{}}') as { data: Record<string, unknown> };
  const results = [
    { name: 'a cached read, through the core', us: await cpuPerCall(200_000, read) },
    { name: 'a key write, through the core', us: await cpuPerCall(50_000, write) },
    {
      name: "a key write's work in plain node:http",
      us: await cpuPerCall(50_000, () => plainKeyWrite(article, writeBody)),
    },
  ];
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
