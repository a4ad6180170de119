import { hashId, hashText, SeenRecently } from './seen-recently';

describe('SeenRecently', () => {
  test('says a key is new the first time and seen when asked for again soon', () => {
    const seen = new SeenRecently();
    expect(seen.seenBefore(hashText('/admin/api/articles/1'))).toBe(false);
    expect(seen.seenBefore(hashText('/admin/api/articles/1'))).toBe(true);
    expect(seen.seenBefore(hashText('/admin/api/articles/2'))).toBe(false);
  });

  test('forgets every key after 4,096 new ones, so a key asked for rarely is new again', () => {
    const seen = new SeenRecently();
    seen.seenBefore(hashId(1));
    for (let id = 2; id <= 4096; id += 1) seen.seenBefore(hashId(id));
    expect(seen.seenBefore(hashId(1))).toBe(false);
  });

  test('keeps consecutive ids apart: none of 4,000 neighbours is taken for another', () => {
    const seen = new SeenRecently();
    const mistaken = Array.from({ length: 4000 }, (_, index) => seen.seenBefore(hashId(100_000 + index)));
    expect(mistaken.filter(Boolean)).toEqual([]);
  });
});
