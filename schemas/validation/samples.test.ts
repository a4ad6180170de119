/**
 * Schema tests as data: each file in `samples/` holds an example of one shape and cases that
 * change it, each saying whether the result is valid and, when not, which fields are at fault.
 */
import { dataOf, isRequest, isResponse, sampleFiles } from '../../test-support/schema-samples';
import { operations } from '../generated/catalogue';
import { validateRequest, validateResponse, type Family } from './index';

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
