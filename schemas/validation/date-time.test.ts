/**
 * The project's `date-time` format decides every string as ajv-formats' full `date-time` does:
 * over strings shaped like date-times (each part in and out of range), the same with one
 * character changed, added or dropped, and any string at all.
 */
import fc from 'fast-check';
import { fullFormats } from 'ajv-formats/dist/formats';
import { isDateTime } from './date-time';

const library = fullFormats['date-time'] as { validate: (text: string) => boolean };

const digits = (count: number): fc.Arbitrary<string> =>
  fc.integer({ min: 0, max: 10 ** count - 1 }).map((value) => String(value).padStart(count, '0'));

/** Two digits, mostly at the edges that matter (months, days, hours, minutes, seconds). */
const edges = ['00', '01', '02', '12', '13', '22', '23', '24', '28', '29', '30', '31', '58', '59', '60', '61', '99'];
const twoDigits = fc.oneof({ arbitrary: fc.constantFrom(...edges), weight: 4 }, { arbitrary: digits(2), weight: 1 });

const separator = fc.constantFrom('T', 'T', 't', ' ', '\n', '\u00a0', '\u2028', '', 'TT', 'x', '_');
const fraction = fc.constantFrom('', '', '.', '.5', '.000', '.9999999999999999999', '.1a');
const numericZone = fc
  .tuple(
    fc.constantFrom('+', '-'),
    twoDigits,
    fc.constantFrom('', ':', '::'),
    fc.constantFrom('', '00', '30', '59', '60', '0', '000', '0000'),
  )
  .map((parts) => parts.join(''));
const zone = fc.oneof(
  { arbitrary: fc.constant('Z'), weight: 2 },
  { arbitrary: fc.constantFrom('z', '', 'ZZ', '+', '-1'), weight: 1 },
  { arbitrary: numericZone, weight: 2 },
);
/** Mostly real days (leap years included), sometimes any digits. */
const realDate = fc
  .date({ min: new Date(Date.UTC(0, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true })
  .map((day) => day.toISOString().slice(-24, -14));
const anyDate = fc
  .tuple(fc.oneof(fc.constantFrom('1900', '2000', '2023', '2024', '0000'), digits(4)), twoDigits, twoDigits)
  .map(([year, month, day]) => `${year}-${month}-${day}`);
const date = fc.oneof({ arbitrary: realDate, weight: 3 }, { arbitrary: anyDate, weight: 1 });
/** Around midnight and the leap second, where the offset decides. */
const lateTime = fc
  .tuple(
    fc.constantFrom('22', '23', '00', '24'),
    fc.constantFrom('58', '59', '00', '60'),
    fc.constantFrom('59', '60', '61'),
  )
  .map((parts) => parts.join(':'));
/** 23:59 UTC (give or take a minute) shown in some other zone, with a leap second or not. */
const pad = (value: number): string => String(value).padStart(2, '0');
const leapInZone = fc
  .tuple(
    fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
    fc.integer({ min: -1, max: 1 }),
    fc.boolean(),
    fc.boolean(),
  )
  .chain(([offset, nudge, colon, wrap]) => {
    // Local minutes of the day; past midnight either as 24:xx or as the next day's 00:xx.
    const minutes = 23 * 60 + 59 + offset + nudge;
    const local = minutes < 0 ? minutes + 1440 : minutes >= 1440 && wrap ? minutes - 1440 : minutes;
    const size = Math.abs(offset);
    const zoneText = `${offset < 0 ? '-' : '+'}${pad(Math.floor(size / 60))}${colon ? ':' : ''}${pad(size % 60)}`;
    return fc
      .constantFrom('59', '60', '61')
      .map((seconds) => `2024-12-31T${pad(Math.floor(local / 60))}:${pad(local % 60)}:${seconds}${zoneText}`);
  });
const anyTime = fc.tuple(twoDigits, twoDigits, twoDigits).map((parts) => parts.join(':'));

const dateTimeLike = fc
  .tuple(date, separator, fc.oneof(anyTime, lateTime), fraction, zone)
  .map((parts) => parts.join(''));

const edited = fc
  .tuple(
    dateTimeLike,
    fc.nat(),
    fc.constantFrom('', '0', '9', ':', '-', '+', '.', 'T', ' ', 'Z', 'é', '٣'),
    fc.boolean(),
  )
  .map(([text, at, character, replace]) => {
    const index = at % (text.length + 1);
    return text.slice(0, index) + character + text.slice(replace ? index + 1 : index);
  });

describe('the date-time format', () => {
  test.each([
    ['2024-02-29T12:00:00.000Z', true],
    ['2023-02-29T12:00:00.000Z', false],
    ['1900-02-29T00:00:00Z', false],
    ['2000-02-29T00:00:00Z', true],
    ['2024-04-31T00:00:00Z', false],
    ['2024-12-31T23:59:60Z', true],
    ['2024-12-31T22:59:60-01:00', true],
    ['2024-12-31T23:59:60+01:00', false],
    ['2024-12-31T23:59:59', false],
    ['2024-12-31 23:59:59+0130', true],
    ['2024-01-01T00:58:60+00:59', true],
  ])('decides %s as %s, as ajv-formats does', (text, valid) => {
    expect(isDateTime(text)).toBe(valid);
    expect(library.validate(text)).toBe(valid);
  });

  test('agrees with ajv-formats on every generated string', () => {
    fc.assert(
      fc.property(fc.oneof(dateTimeLike, leapInZone, edited, fc.string(), fc.string({ unit: 'binary' })), (text) => {
        expect(isDateTime(text)).toBe(library.validate(text));
      }),
      { numRuns: 20_000 },
    );
  });

  test('decides a string the same when asked again, however many were asked between', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(dateTimeLike, edited), { minLength: 1, maxLength: 6_000 }), (texts) => {
        const first = texts.map(isDateTime);
        expect(texts.map(isDateTime)).toEqual(first);
        expect(first).toEqual(texts.map((text) => library.validate(text)));
      }),
      { numRuns: 5 },
    );
  });
});
