/** What one passing exchange alone shows (section 4 with 2.1 and 7): given/want tables, no server. */
import { operations } from '../generated/catalogue';
import {
  isSuccessStatus,
  judgeRequest,
  judgeStatus,
  judgeSuccessStatus,
  judgeTraffic,
  judgeWrite,
  type Operation,
} from './index';

const operation = (id: string): Operation => {
  const found = operations.find((candidate) => candidate.id === id);
  if (!found) throw new Error(id);
  return found;
};
const rulesOf = (found: { rule: string }[]): string[] => found.map((violation) => violation.rule);

test.each([
  { description: 'a stated payload', body: '{"value": [1, "a"]}', want: [] },
  { description: 'a payload without the value', body: '{"valu": 1}', want: ['request-shape'] },
  { description: 'a payload that is not JSON', body: 'value=1', want: ['request-shape'] },
])('judgeRequest: $description', ({ body, want }) => {
  expect(rulesOf(judgeRequest('DataValueRequest', body))).toEqual(want);
});

test.each([
  { description: 'the stated status', stated: 200, status: 200, body: '{}', want: [] },
  { description: 'another success status', stated: 204, status: 200, body: '', want: ['stated-status'] },
  { description: 'any 2xx where none is stated', stated: undefined, status: 201, body: '{}', want: [] },
  { description: 'an error with a JSON body', stated: 200, status: 404, body: '{"message":"Not found."}', want: [] },
  { description: 'an error with no body', stated: 200, status: 500, body: '', want: [] },
  { description: 'an error page in HTML', stated: 200, status: 502, body: '<h1>Bad</h1>', want: ['error-answer-json'] },
])('judgeStatus: $description', ({ stated, status, body, want }) => {
  expect(rulesOf(judgeStatus(stated, status, body))).toEqual(want);
});

test.each([
  { status: 199, want: false },
  { status: 200, want: true },
  { status: 299, want: true },
  { status: 300, want: false },
])('isSuccessStatus: $status is a success: $want', ({ status, want }) => {
  expect(isSuccessStatus(status)).toBe(want);
});

test.each([
  { description: 'the stated status', stated: 201, status: 201, want: [] },
  { description: 'another success where one is stated', stated: 201, status: 200, want: ['stated-status'] },
  { description: 'any 2xx where only success is stated', stated: undefined, status: 204, want: [] },
  { description: 'an error where only success is stated', stated: undefined, status: 404, want: ['stated-status'] },
  { description: 'an error where a status is stated', stated: 200, status: 422, want: ['stated-status'] },
])('judgeSuccessStatus: $description', ({ stated, status, want }) => {
  expect(rulesOf(judgeSuccessStatus(stated, status))).toEqual(want);
});

const article = {
  id: 1,
  url: 'http://h/admin/api/articles/2',
  comments_url: 'http://h/admin/api/articles/1/comments',
};

test('judgeTraffic joins the request, the status, the answer and its addresses', () => {
  const found = judgeTraffic({
    operation: operation('setDataKey'),
    status: 201,
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify(article),
    requestBody: '{}',
  });
  expect(new Set(rulesOf(found))).toEqual(
    new Set(['request-shape', 'stated-status', 'media-type', 'answer-shape', 'stated-addresses']),
  );
  expect(found.find((violation) => violation.rule === 'stated-addresses')).toEqual({
    rule: 'stated-addresses',
    path: '/url',
    expected: 'ends with /admin/api/articles/1',
    actual: '"http://h/admin/api/articles/2"',
  });
});

test('judgeWrite leaves the answer on its own to judgeExchange, so nothing is reported twice', () => {
  const before = { id: 1, data: {}, comments_count: 0 };
  const found = judgeWrite({
    before,
    write: { operation: 'deleteDataKey', key: 'k' },
    answer: { status: 204, headers: { 'content-type': 'text/plain' }, body: 'not empty' },
    after: before,
  });
  expect(rulesOf(found)).not.toContain('empty-204');
});

test('judgeWrite names the path inside a data value that is not as written, not the whole value', () => {
  const value = { colour: 'teal', sizes: [1, 2], text: 'x'.repeat(500) };
  const found = judgeWrite({
    before: { id: 1, data: {}, comments_count: 0 },
    write: { operation: 'setDataKey', key: 'k', payload: { value } },
    answer: { status: 200, headers: { 'content-type': 'application/json' }, body: '' },
    after: { id: 1, data: { k: { ...value, colour: 'red' } }, comments_count: 0 },
  }).filter((one) => one.rule === 'data-as-predicted');
  expect(found).toEqual([{ rule: 'data-as-predicted', path: '/data/k/colour', expected: '"teal"', actual: '"red"' }]);
});
