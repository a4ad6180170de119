/** `updated_at` only ever moves forward (interface 2.1, 4.2-4.4): each new stamp is later than the one before. */
import { nextTimestamp, type Clock } from './clock';

const at =
  (iso: string): Clock =>
  () =>
    new Date(iso);

describe('nextTimestamp', () => {
  test('is the clock when the clock is past the previous stamp', () => {
    expect(nextTimestamp(at('2026-11-26T16:00:00.500Z'), '2026-11-26T16:00:00.499Z')).toBe('2026-11-26T16:00:00.500Z');
  });

  test('is a millisecond after the previous stamp within the same millisecond', () => {
    expect(nextTimestamp(at('2026-11-26T16:00:00.500Z'), '2026-11-26T16:00:00.500Z')).toBe('2026-11-26T16:00:00.501Z');
  });

  test('keeps moving a millisecond at a time while writes come faster than the clock', () => {
    const clock = at('2026-11-26T16:00:00.500Z');
    const stamps = ['2026-11-26T16:00:00.500Z'];
    for (let write = 0; write < 3; write += 1) stamps.push(nextTimestamp(clock, stamps.at(-1) ?? ''));
    expect(stamps.slice(1)).toEqual([
      '2026-11-26T16:00:00.501Z',
      '2026-11-26T16:00:00.502Z',
      '2026-11-26T16:00:00.503Z',
    ]);
    // Another article's older stamp is read for itself, not taken for the one made last.
    expect(nextTimestamp(clock, '2026-11-26T16:00:00.500Z')).toBe('2026-11-26T16:00:00.501Z');
  });

  test('is a millisecond after a previous stamp ahead of the clock', () => {
    expect(nextTimestamp(at('2026-11-26T16:00:00.500Z'), '2030-01-01T00:00:00.000Z')).toBe('2030-01-01T00:00:00.001Z');
  });

  test('orders a previous stamp with an offset by its instant, not by its text', () => {
    // 17:00 at +02:00 is 15:00 UTC, before the clock; 18:00 at -02:00 is 20:00 UTC, after it.
    expect(nextTimestamp(at('2026-11-26T16:00:00.000Z'), '2026-11-26T17:00:00.000+02:00')).toBe(
      '2026-11-26T16:00:00.000Z',
    );
    expect(nextTimestamp(at('2026-11-26T16:00:00.000Z'), '2026-11-26T18:00:00.000-02:00')).toBe(
      '2026-11-26T20:00:00.001Z',
    );
  });

  test('is the clock when the previous stamp is empty', () => {
    expect(nextTimestamp(at('2026-11-26T16:00:00.000Z'), '')).toBe('2026-11-26T16:00:00.000Z');
  });

  test('is the clock when the previous stamp is not a date', () => {
    expect(nextTimestamp(at('2026-11-26T16:00:00.000Z'), 'yesterday-ish')).toBe('2026-11-26T16:00:00.000Z');
  });
});
