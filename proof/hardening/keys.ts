/**
 * Data keys the way broken and hostile clients send them: prototype names, empty, 10 kB long,
 * dots and slashes (plain and percent-encoded), unicode, control characters, lone surrogates,
 * reserved `svc_` ones; and the many ways a key can be written into a path segment.
 */
import fc from 'fast-check';
import { maxKeyLength } from '../../mock/rules/limits';

export const specialKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  '',
  '.',
  '..',
  '/',
  'a/b',
  '../x',
  'a.b',
  'a%2Fb',
  '%2e%2e',
  '?',
  '#',
  '&',
  '=',
  '+',
  '%',
  ';',
  '~',
  ' ',
  ' lead',
  'tab\there',
  'new\nline',
  'nul\u0000byte',
  '\u0001\u001f\u007f',
  '"quote"',
  '\\',
  '<script>',
  'ключ',
  '键',
  '🔑',
  'e\u0301',
  '\u202eRTL',
  '\ufeffbom',
  '\ud800',
  'x\udfff',
  'svc_x',
  'svc_import_source',
  'SVC_x',
  'svc',
  'featured',
  'related_ids',
];

const longKeys = fc
  .constantFrom(maxKeyLength, maxKeyLength + 1, 10_240)
  .chain((length) =>
    fc.constantFrom('k', 'é', '🔑').map((unit) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)),
  );

/** Keys for payloads and paths: special names, random unicode, and the long ones around the limit. */
export const oddKeyArbitrary: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...specialKeys), weight: 5 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }), weight: 4 },
  { arbitrary: longKeys, weight: 1 },
);

const hex = (byte: number): string => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** Every UTF-8 byte percent-encoded, letters too (lone surrogates turn into U+FFFD on the way). */
const encodeEveryByte = (key: string): string => [...Buffer.from(key, 'utf8')].map(hex).join('');

/** encodeURIComponent, with a lone surrogate written as its (invalid) three UTF-8-style bytes. */
function encodeComponent(key: string): string {
  try {
    return encodeURIComponent(key);
  } catch {
    return Array.from(key)
      .map((char) => {
        const code = char.charCodeAt(0);
        return code >= 0xd800 && code <= 0xdfff
          ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map(hex).join('')
          : encodeURIComponent(char);
      })
      .join('');
  }
}

/** Path segments that are not the encoding of any key, or that a router might treat specially. */
export const rawSegments = [
  '..',
  '.',
  '%2e%2e',
  '%2F',
  '%252F',
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%00',
  'a;b',
  'a,b',
  '~',
  '%u0041',
];

/** A path segment: a key encoded one way or another, or a raw oddity. */
export const keySegmentArbitrary: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: oddKeyArbitrary.map(encodeComponent), weight: 6 },
  { arbitrary: oddKeyArbitrary.map(encodeEveryByte), weight: 2 },
  { arbitrary: fc.constantFrom(...rawSegments), weight: 2 },
);

/** The key Express reads from a segment, or undefined when its percent-encoding is broken (400). */
export function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
