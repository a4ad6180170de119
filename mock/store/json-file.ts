/**
 * Reads a JSON file. A large fixture (the benchmark's large site is about 450 MB) is read in
 * chunks and its top-level arrays parsed a few megabytes of records at a time, so the whole file
 * never sits in memory as one string: loading then needs about half the memory, and a file past
 * V8's string limit (about 512 MB) still loads. Whatever the chunked reader does not expect
 * (a top level that is not an object, a syntax error anywhere) is read again with `JSON.parse`,
 * which gives the same value or the same error as before.
 */
import { isAscii } from 'node:buffer';
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';

/** Files below `chunkedFrom` bytes are simply parsed whole; tests make every size small. */
export interface ReadSizes {
  chunkedFrom: number;
  chunkBytes: number;
  batchBytes: number;
}

const megabytes = 1024 * 1024;
const defaultSizes: ReadSizes = { chunkedFrom: 32 * megabytes, chunkBytes: 8 * megabytes, batchBytes: 4 * megabytes };

const enum Mode {
  Start,
  BeforeKey,
  Key,
  Colon,
  Value,
  Array,
  Member,
  After,
  End,
}

const quote = 0x22;
const backslash = 0x5c;
const isSpace = (byte: number): boolean => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

class Unexpected extends Error {}

/** Splits `{"key": [records...], "other": value}` into members, parsing arrays in batches. */
class ObjectScanner {
  readonly entries: [string, unknown][] = [];
  private mode = Mode.Start;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private parts: Buffer[] = [];
  private size = 0;
  private from = -1;
  private key = '';
  private items: unknown[] = [];
  private splits = 0;
  /** Position of the next backslash in the current chunk: -1 none, -2 not looked for yet. */
  private nextBackslash = -2;

  constructor(private readonly batchBytes: number) {}

  feed(chunk: Buffer): void {
    this.nextBackslash = -2;
    for (let index = 0; index < chunk.length; index += 1) {
      if (this.inString) {
        index = this.closingQuote(chunk, index);
        if (index < 0) break;
        this.inString = false;
        if (this.mode === Mode.Key) this.endKey(chunk, index + 1);
        continue;
      }
      this.step(chunk, index, chunk[index] as number);
    }
    if (this.from >= 0) {
      this.keep(Buffer.from(chunk.subarray(this.from)));
      this.from = 0;
    }
  }

  /** Where the string that `from` is inside ends in this chunk, or -1; skips escaped characters. */
  private closingQuote(chunk: Buffer, from: number): number {
    let index = from;
    if (this.escaped) {
      this.escaped = false;
      index += 1;
    }
    for (;;) {
      const next = chunk.indexOf(quote, index);
      if (this.nextBackslash !== -1 && this.nextBackslash < index) this.nextBackslash = chunk.indexOf(backslash, index);
      const escape = this.nextBackslash;
      if (escape < 0 || (next >= 0 && next < escape)) return next;
      if (escape + 1 >= chunk.length) {
        this.escaped = true;
        return -1;
      }
      index = escape + 2;
    }
  }

  finish(): void {
    if (this.mode !== Mode.End) throw new Unexpected('unexpected end');
  }

  private step(chunk: Buffer, index: number, byte: number): void {
    if (this.mode === Mode.Array) this.inArray(chunk, index, byte);
    else if (this.mode === Mode.Member) this.inMember(chunk, index, byte);
    else if (!isSpace(byte)) this.structure(chunk, index, byte);
  }

  private structure(chunk: Buffer, index: number, byte: number): void {
    const mode = this.mode;
    if (mode === Mode.Start && byte === 0x7b) [this.mode, this.depth] = [Mode.BeforeKey, 1];
    else if (mode === Mode.BeforeKey && byte === quote) [this.mode, this.inString, this.from] = [Mode.Key, true, index];
    else if (mode === Mode.BeforeKey && byte === 0x7d && this.entries.length === 0)
      [this.mode, this.depth] = [Mode.End, 0];
    else if (mode === Mode.Colon && byte === 0x3a) this.mode = Mode.Value;
    else if (mode === Mode.Value && byte === 0x5b)
      [this.mode, this.depth, this.from, this.items, this.splits] = [Mode.Array, 2, index + 1, [], 0];
    else if (mode === Mode.Value) {
      [this.mode, this.from] = [Mode.Member, index];
      this.inMember(chunk, index, byte);
    } else if (mode === Mode.After && byte === 0x2c) this.mode = Mode.BeforeKey;
    else if (mode === Mode.After && byte === 0x7d) [this.mode, this.depth] = [Mode.End, 0];
    else throw new Unexpected('unexpected structure');
  }

  private inArray(chunk: Buffer, index: number, byte: number): void {
    if (byte === quote) this.inString = true;
    else if (byte === 0x7b || byte === 0x5b) this.depth += 1;
    else if (byte === 0x7d || byte === 0x5d) {
      this.depth -= 1;
      if (this.depth > 1) return;
      this.parseBatch(this.take(chunk, index), true);
      this.entries.push([this.key, this.items]);
      this.mode = Mode.After;
    } else if (byte === 0x2c && this.depth === 2 && this.size + index - this.from >= this.batchBytes) {
      this.parseBatch(this.take(chunk, index), false);
      this.from = index + 1;
    }
  }

  private inMember(chunk: Buffer, index: number, byte: number): void {
    if (byte === quote) this.inString = true;
    else if (byte === 0x7b || byte === 0x5b) this.depth += 1;
    else if ((byte === 0x7d || byte === 0x5d) && this.depth > 1) this.depth -= 1;
    else if ((byte === 0x2c || byte === 0x7d) && this.depth === 1) {
      this.entries.push([this.key, JSON.parse(this.take(chunk, index))]);
      this.mode = Mode.After;
      this.structure(chunk, index, byte);
    }
  }

  /** Records between two splits; each batch but the one of an empty array holds at least one. */
  private parseBatch(text: string, last: boolean): void {
    const empty = text.trim() === '';
    if (empty && (!last || this.splits > 0)) throw new Unexpected('empty array element');
    this.splits += last ? 0 : 1;
    if (empty) return;
    for (const item of JSON.parse(`[${text}]`) as unknown[]) this.items.push(item);
  }

  private endKey(chunk: Buffer, end: number): void {
    this.key = JSON.parse(this.take(chunk, end)) as string;
    this.mode = Mode.Colon;
  }

  /** The collected text from `from` up to `end` of this chunk; collecting stops. */
  private take(chunk: Buffer, end: number): string {
    this.keep(chunk.subarray(this.from, end));
    const bytes = Buffer.concat(this.parts, this.size);
    // Plain ASCII (a generated fixture is) decodes fastest as Latin-1, to the same text.
    const text = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
    [this.parts, this.size, this.from] = [[], 0, -1];
    return text;
  }

  private keep(part: Buffer): void {
    this.parts.push(part);
    this.size += part.length;
  }
}

/** The chunked reader alone; throws on anything it does not expect. */
export function readChunked(path: string, sizes: ReadSizes): unknown {
  const scanner = new ObjectScanner(sizes.batchBytes);
  const fd = openSync(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(sizes.chunkBytes);
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) scanner.feed(chunk.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  scanner.finish();
  return Object.fromEntries(scanner.entries);
}

export function readJsonFile(path: string, sizes: ReadSizes = defaultSizes): unknown {
  if (statSync(path).size >= sizes.chunkedFrom) {
    try {
      return readChunked(path, sizes);
    } catch (error) {
      if (!(error instanceof Unexpected) && !(error instanceof SyntaxError)) throw error;
    }
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}
