/**
 * Seeded random text for the large-site fixture: the same seed always gives the same site, so
 * benchmark runs compare like with like. Sizes follow a small business blog: titles of a few
 * words, HTML bodies of a few paragraphs (an article answers about 2.4 kB on average, as the
 * issue's sample does), comments mostly a sentence or two, now and then a long one.
 */
import { commentDate, isoTimestamp } from '../../mock/rules/clock';

/** mulberry32: small, fast and good enough to vary text. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const words = `site page shop small business customer order design colour photo gallery menu
  contact booking price offer season opening hours team story local market garden bakery coffee
  studio workshop event update news launch summer winter spring autumn guide tips list favourite
  simple quick better first new old our your their with from about after before during across
  every many some most good great friendly handmade fresh organic family weekend evening morning
  recipe course class lesson trip travel review question answer help support domain email form
  theme template layout mobile speed search visitor newsletter blog post comment share social`.split(/\s+/);

const firstNames = [
  'Mari',
  'Jonas',
  'Priya',
  'Liis',
  'Tom',
  'Anna',
  'Kalle',
  'Sofia',
  'Ahmed',
  'Mia',
  'Lena',
  'Marko',
  'Elif',
  'Jaan',
  'Nora',
  'Oskar',
  'J\u00fcrgen',
  'Ren\u00e9e',
  'Zo\u00eb',
  'S\u00f8ren',
];
const lastNames = [
  'Tamm',
  'Berger',
  'Nair',
  'Kask',
  'Smith',
  'M\u00fcller',
  'Virtanen',
  'Rossi',
  'Khan',
  'Lepik',
  'Dubois',
  'Novak',
  'Yilmaz',
  'Saar',
  'Silva',
  'Berg',
];

export const tags = words
  .slice(0, 60)
  .map((word, index) => (index % 3 === 0 ? `${word}-${words[(index * 7) % words.length] ?? ''}` : word));

export class TextMaker {
  constructor(readonly random: () => number) {}

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  words(count: number): string {
    return Array.from({ length: count }, () => this.pick(words)).join(' ');
  }

  sentence(min = 6, max = 18): string {
    const text = this.words(this.int(min, max));
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }

  sentences(count: number): string {
    return Array.from({ length: count }, () => this.sentence()).join(' ');
  }

  title(): string {
    return this.words(this.int(3, 8)).replace(
      /(^| )(\w)/g,
      (_all, space: string, letter: string) => `${space}${letter.toUpperCase()}`,
    );
  }

  /** A few paragraphs of HTML; now and then a long post. */
  body(): string {
    const paragraphs = this.random() < 0.1 ? this.int(5, 9) : this.int(1, 4);
    return Array.from({ length: paragraphs }, () => `<p>${this.sentences(this.int(1, 4))}</p>`).join('');
  }

  person(): { name: string; email: string } {
    const first = this.pick(firstNames);
    const last = this.pick(lastNames);
    const ascii = (text: string): string =>
      text
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .toLowerCase();
    return { name: `${first} ${last}`, email: `${ascii(first)}.${ascii(last)}${String(this.int(1, 999))}@example.com` };
  }

  /** Mostly a sentence or two; one in thirty runs to a paragraph or more. */
  commentBody(): string {
    if (this.random() < 0.03) return this.sentences(this.int(4, 12));
    return Array.from({ length: this.int(1, 2) }, () => this.sentence(3, 14)).join(' ');
  }
}

/** ISO 8601 with milliseconds (section 2.1) and the comment list form (section 2.2), as the mock writes them. */
export const iso = (ms: number): string => isoTimestamp(new Date(ms));
export const slashDate = (ms: number): string => commentDate(new Date(ms));
