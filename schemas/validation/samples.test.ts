/**
 * Schema tests as data: each file in `samples/` holds an example of one shape and cases that
 * change it, each saying whether the result is valid and, when not, which fields are at fault.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { operations, requestShapes, responseShapes, type RequestShape, type ResponseShape } from '../index';
import { validateRequest, validateResponse, type Family } from './index';

interface SampleCase {
  description: string;
  data?: unknown;
  change?: Record<string, unknown>;
  remove?: string[];
  family?: Family;
  valid: boolean;
  paths?: string[];
}

interface SampleFile {
  shape: string;
  example?: unknown;
  exampleFrom?: string;
  cases: SampleCase[];
}

const folder = join(__dirname, 'samples');
const readSample = (name: string): SampleFile => JSON.parse(readFileSync(join(folder, name), 'utf8')) as SampleFile;
const sampleFiles = readdirSync(folder)
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

function dataOf(file: SampleFile, sample: SampleCase): unknown {
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

const isRequest = (shape: string): shape is RequestShape => (requestShapes as readonly string[]).includes(shape);
const isResponse = (shape: string): shape is ResponseShape => (responseShapes as readonly string[]).includes(shape);

function validate(shape: string, data: unknown, family: Family | undefined): string[] {
  if (isRequest(shape)) return validateRequest(shape, data).map((violation) => violation.path);
  if (isResponse(shape)) return validateResponse(shape, data, family).map((violation) => violation.path);
  throw new Error(`samples name an unknown shape ${shape}`);
}

describe.each(sampleFiles)('samples/$name', ({ file }) => {
  test.each(file.cases)('$description', (sample) => {
    const paths = validate(file.shape, dataOf(file, sample), sample.family);
    if (sample.valid) expect(paths).toEqual([]);
    else expect([...new Set(paths)].sort()).toEqual([...(sample.paths ?? [])].sort());
  });
});

test('every shape an operation sends or answers, and every section 2 shape, has samples', () => {
  const covered = new Set(sampleFiles.map(({ file }) => file.shape));
  const operationShapes = operations.flatMap((operation) => [
    'request' in operation ? operation.request : undefined,
    'answer' in operation ? operation.answer : undefined,
  ]);
  const sectionTwo = ['Article', 'PageSummary', 'LanguageSummary', 'AuthorSummary', 'Comment'];
  const wanted = [...operationShapes, ...sectionTwo].filter((shape): shape is string => shape !== undefined);
  expect(wanted.filter((shape) => !covered.has(shape))).toEqual([]);
});
