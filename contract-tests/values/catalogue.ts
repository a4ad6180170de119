/**
 * Values and key names that real storage layers are known to give back changed (interface 4.3:
 * `data` holds "any JSON values", and a key write "updates the key if present, otherwise adds it").
 * Each entry says, in a sentence, what kind of system changes it and how. A target may refuse
 * (any 4xx) what it cannot keep; it may never answer 2xx and keep something else.
 */
export interface Edge<T> {
  name: string;
  value: T;
  /** Which real system loses fidelity this way, and how. */
  why: string;
}

const repeat = (text: string, times: number): string => text.repeat(times);

export const edgeValues: Edge<unknown>[] = [
  {
    name: 'largest safe integer',
    value: 9007199254740991,
    why: 'a float column (REAL, FLOAT4) or a float32 field rounds it',
  },
  { name: 'smallest safe integer', value: -9007199254740991, why: 'a 32-bit INTEGER column overflows or clamps it' },
  {
    name: 'a double with all its digits',
    value: 0.30000000000000004,
    why: 'a DECIMAL(10,2) or float32 column rounds it to 0.3',
  },
  {
    name: 'the largest double',
    value: 1.7976931348623157e308,
    why: 'a FLOAT column overflows it to infinity or errors',
  },
  { name: 'the smallest double', value: 5e-324, why: 'a float32 field or a driver that flushes subnormals gives 0' },
  { name: 'an exponent number', value: 1e21, why: 'a serializer that prints numbers as integers loses or garbles it' },
  { name: 'an empty string', value: '', why: 'Oracle and some ORMs store an empty string as NULL' },
  {
    name: 'a string with a NUL',
    value: 'before\u0000after',
    why: 'PostgreSQL text refuses NUL and C-string layers cut the string there',
  },
  { name: 'edge whitespace', value: '  padded \t', why: 'ORMs and form layers trim strings' },
  { name: 'CRLF line breaks', value: 'one\r\ntwo\rthree\n', why: 'text layers normalise line endings to \\n' },
  {
    name: 'an astral character',
    value: 'emoji 😀 and 𝄞',
    why: "MySQL's utf8 (utf8mb3) cannot hold 4-byte characters and drops or replaces them",
  },
  {
    name: 'a decomposed accent',
    value: 'e\u0301 decomposed',
    why: 'stores and file systems that normalise to NFC give back é',
  },
  {
    name: 'line and paragraph separators',
    value: 'a\u2028b\u2029c',
    why: 'JavaScript-era JSON encoders escape or strip them',
  },
  {
    name: 'a 70,000-character string',
    value: repeat('long ', 14_000),
    why: 'a TEXT column (65,535 bytes) or VARCHAR truncates it',
  },
  {
    name: 'a string that looks like a number',
    value: '007',
    why: 'type-guessing stores (spreadsheets, YAML, loose ORMs) turn it into 7',
  },
  { name: 'a string that looks like true', value: 'true', why: 'type-guessing stores turn it into a boolean' },
  {
    name: 'a string that looks like a date',
    value: '2024-02-29T12:00:00Z',
    why: 'ORMs parse it into a date and write it back with milliseconds or an offset',
  },
  { name: 'null', value: null, why: 'ORMs drop keys whose value is NULL, or store the string "null"' },
  { name: 'an empty array', value: [], why: 'PostgreSQL array columns and some serializers give back null or {}' },
  { name: 'an empty object', value: {}, why: 'serializers that treat empty maps as arrays give back []' },
  {
    name: 'a mixed array',
    value: [1, '1', true, null, [], {}, 1.5],
    why: 'typed array columns coerce every item to one type',
  },
  {
    name: 'an object with special names',
    value: JSON.parse('{"__proto__":1,"constructor":{"prototype":2},"toString":"x"}') as unknown,
    why: 'JavaScript object merges drop or act on `__proto__` and `constructor`',
  },
  {
    name: 'keys that differ only in case',
    value: { Name: 1, name: 2 },
    why: 'case-insensitive JSON or key-value stores merge them',
  },
  {
    name: 'deep nesting',
    value: JSON.parse(`${'['.repeat(20)}1${']'.repeat(20)}`) as unknown,
    why: 'stores with a nesting limit (BSON, some JSON columns) refuse or flatten it',
  },
];

export const edgeNames: Edge<string>[] = [
  {
    name: 'upper case',
    value: 'Case',
    why: 'key-value tables with a case-insensitive collation merge it with its lower-case twin',
  },
  { name: 'lower case twin', value: 'case', why: 'see "upper case": written after it, it must not replace it' },
  { name: 'a precomposed é', value: '\u00e9', why: 'stores that normalise names merge it with its decomposed twin' },
  { name: 'a decomposed é', value: 'e\u0301', why: 'stores that normalise names merge it with its precomposed twin' },
  { name: 'a trailing space', value: 'space ', why: 'routers and ORMs trim path segments and names' },
  { name: 'a dot', value: 'a.b', why: 'document stores (MongoDB paths, lodash set) read it as a nested path' },
  { name: 'brackets', value: 'a[b]', why: 'Rails and PHP parameter parsing turn it into a nested object' },
  { name: 'a slash', value: 'a/b', why: 'routers decode %2F before matching and route it elsewhere' },
  { name: 'a plus', value: 'a+b', why: 'form decoding turns + into a space' },
  { name: 'a percent', value: '100%25', why: 'layers that decode a path twice turn %25 into %' },
  { name: 'a semicolon', value: 'a;b', why: 'servlet containers strip ;parameters from path segments' },
  { name: 'a backslash', value: 'a\\b', why: 'Windows-minded layers turn it into a slash' },
  { name: 'a tab', value: 'tab\tname', why: 'header- and log-minded layers replace control characters' },
  {
    name: 'an astral character',
    value: 'emoji😀',
    why: "MySQL's utf8 (utf8mb3) cannot hold 4-byte characters in a key column",
  },
  { name: 'a 300-character name', value: 'n'.repeat(300), why: 'a VARCHAR(255) key column truncates it' },
];
