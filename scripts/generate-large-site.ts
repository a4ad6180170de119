/**
 * Writes a large site in fixture form (mock/store/records.ts) for the benchmark's large-site case:
 * by default 100,000 articles and 1,000,000 comments, a few popular articles holding
 * thousands of comments and most a handful, sizes as in text.ts. The file is streamed out (about
 * 450 MB, plain ASCII so that it stays one byte per character when read back as a string) and is
 * the same for the same seed. Write it under `.tmp/` (git-ignored); never commit it.
 *
 *   npx tsx scripts/generate-large-site.ts .tmp/large-site.json [--articles 100000] [--comments 1000000] [--seed 6]
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { iso, randomSource, slashDate, tags, TextMaker } from './large-site/text';

const languages = [
  ['en', 'ENG'],
  ['de', 'DEU'],
  ['et', 'EST'],
  ['fi', 'FIN'],
  ['fr', 'FRA'],
] as const;
const pageCount = 250;
const peopleCount = 2000;
const start = Date.parse('2016-01-01T00:00:00.000Z');
const end = Date.parse('2025-06-01T00:00:00.000Z');
const day = 86_400_000;

/** Escapes everything beyond ASCII, so the file is one byte per character. */
const ascii = (value: unknown): string =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

class Output {
  private readonly fd: number;
  private pending: string[] = [];
  private size = 0;
  written = 0;

  constructor(path: string) {
    mkdirSync(dirname(path), { recursive: true });
    this.fd = openSync(path, 'w');
  }

  write(text: string): void {
    this.pending.push(text);
    this.size += text.length;
    if (this.size > 4_000_000) this.flush();
  }

  /** Writes `"name":[a,b,...]`, each item made on demand. */
  list(name: string, count: number, item: (index: number) => unknown, last = false): void {
    this.write(`"${name}":[`);
    for (let index = 0; index < count; index += 1) this.write(`${index > 0 ? ',' : ''}${ascii(item(index))}`);
    this.write(last ? ']' : '],');
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }

  private flush(): void {
    const chunk = this.pending.join('');
    writeSync(this.fd, chunk);
    this.written += chunk.length;
    this.pending = [];
    this.size = 0;
  }
}

function data(text: TextMaker): Record<string, unknown> {
  const entries: [string, () => unknown][] = [
    ['featured', () => text.random() < 0.2],
    ['reading_minutes', () => text.int(1, 20)],
    ['related_ids', () => [text.int(1, 1000), text.int(1, 1000)]],
    ['hero_colour', () => text.pick(['#1d4ed8', '#b91c1c', '#15803d'])],
    ['svc_import_source', () => 'legacy-blog'],
    ['seo_title', () => text.title()],
  ];
  if (text.random() < 0.4) return {};
  return Object.fromEntries(entries.filter(() => text.random() < 0.4).map(([key, make]) => [key, make()]));
}

/** Comments per article: skewed, so a few articles have thousands and most have a handful. */
function commentCounts(articles: number, comments: number, random: () => number): Uint32Array {
  const counts = new Uint32Array(articles);
  for (let index = 0; index < comments; index += 1) {
    const article = Math.floor(articles * random() ** 2);
    counts[article] = (counts[article] ?? 0) + 1;
  }
  return counts;
}

function main(): void {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { articles: { type: 'string' }, comments: { type: 'string' }, seed: { type: 'string' } },
  });
  const path = positionals[0];
  if (!path) throw new Error('usage: generate-large-site.ts <output file> [--articles n] [--comments n] [--seed n]');
  const articles = Number(values.articles ?? 100_000);
  const comments = Number(values.comments ?? 1_000_000);
  const text = new TextMaker(randomSource(Number(values.seed ?? 6)));
  const published = new Float64Array(articles);
  const output = new Output(path);
  output.write('{');
  output.list('pages', pageCount, (index) => {
    const created = start + index * day;
    return {
      id: index + 1,
      title: `${text.title()} Blog`,
      content_type: 'blog',
      created_at: iso(created),
      updated_at: iso(created + 30 * day),
      published_at: iso(created + day),
    };
  });
  output.list('languages', languages.length, (index) => ({
    id: index + 1,
    code: languages[index]?.[0],
    title: languages[index]?.[1],
    created_at: iso(start),
    updated_at: iso(start),
  }));
  output.list('people', peopleCount, (index) => ({ id: index + 1, name: text.person().name }));
  output.list('articles', articles, (index) => {
    const created = start + ((end - start - 60 * day) * index) / articles + text.int(0, day);
    published[index] = created + text.int(0, 2 * day);
    const title = text.title();
    const excerpt = text.sentences(text.int(1, 2));
    const body = text.body();
    const pageId = text.int(1, pageCount);
    return {
      id: index + 1,
      page_id: pageId,
      language_id: (pageId % languages.length) + 1,
      author_id: Math.ceil(peopleCount * text.random() ** 3) || 1,
      title,
      path: `${title.toLowerCase().replace(/ /g, '-')}-${String(index + 1)}`,
      publishing: text.random() < 0.05,
      published: text.random() < 0.9,
      data: data(text),
      created_at: iso(created),
      updated_at: iso((published[index] ?? created) + text.int(0, 20 * day)),
      published_at: iso(published[index] ?? created),
      autosaved_title: text.random() < 0.95 ? title : text.title(),
      excerpt,
      autosaved_excerpt: excerpt,
      body,
      autosaved_body: text.random() < 0.9 ? body : `${body}<p>${text.sentence()}</p>`,
      tag_names: Array.from({ length: text.int(0, 4) }, () => text.pick(tags)),
    };
  });
  const counts = commentCounts(articles, comments, text.random);
  let article = 0;
  let left = counts[0] ?? 0;
  let time = published[0] ?? start;
  output.list(
    'comments',
    comments,
    () => {
      while (left === 0) {
        article += 1;
        left = counts[article] ?? 0;
        time = published[article] ?? start;
      }
      left -= 1;
      time += text.int(60_000, Math.max(60_000, Math.floor((end - time) / (left + 2))));
      const person = text.person();
      return {
        article_id: article + 1,
        author: person.name,
        author_email: person.email,
        body: text.commentBody(),
        created_at: slashDate(time),
      };
    },
    true,
  );
  output.write('}');
  output.close();
  console.log(
    `wrote ${articles} articles and ${comments} comments (${(output.written / 1e6).toFixed(0)} MB) to ${path}`,
  );
}

main();
