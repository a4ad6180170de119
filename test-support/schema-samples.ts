/**
 * The schema sample cases of `schemas/validation/samples/`: each file holds an example of one shape
 * and cases that change it, each saying whether the result is valid and, when not, which fields are
 * at fault. Read here for both tests that run them: the Ajv validation's and the Zod schemas'.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { requestShapes, responseShapes, type RequestShape, type ResponseShape } from 'site-articles-schemas/catalogue';
import type { Family } from 'site-articles-schemas/validation';

export interface SampleCase {
  description: string;
  data?: unknown;
  change?: Record<string, unknown>;
  remove?: string[];
  family?: Family;
  valid: boolean;
  paths?: string[];
}

export interface SampleFile {
  shape: string;
  example?: unknown;
  exampleFrom?: string;
  cases: SampleCase[];
}

const folder = join(__dirname, '..', 'schemas', 'validation', 'samples');
const readSample = (name: string): SampleFile => JSON.parse(readFileSync(join(folder, name), 'utf8')) as SampleFile;

export const sampleFiles = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, file: readSample(name) }));

/** Parent object and last key of a JSON Pointer inside `document`. */
function locate(document: unknown, pointer: string): { parent: Record<string, unknown>; key: string } {
  const segments = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const key = segments.pop() ?? '';
  let parent = document as Record<string, unknown>;
  for (const segment of segments) parent = parent[segment] as Record<string, unknown>;
  return { parent, key };
}

/** The document a case describes: its own `data`, or its file's example with the case's changes. */
export function dataOf(file: SampleFile, sample: SampleCase): unknown {
  if ('data' in sample) return sample.data;
  const example = file.exampleFrom ? readSample(file.exampleFrom).example : file.example;
  const document = structuredClone(example);
  for (const [pointer, value] of Object.entries(sample.change ?? {})) {
    const { parent, key } = locate(document, pointer);
    parent[key] = value;
  }
  for (const pointer of sample.remove ?? []) {
    const { parent, key } = locate(document, pointer);
    Reflect.deleteProperty(parent, key);
  }
  return document;
}

export const isRequest = (shape: string): shape is RequestShape => (requestShapes as readonly string[]).includes(shape);
export const isResponse = (shape: string): shape is ResponseShape =>
  (responseShapes as readonly string[]).includes(shape);
