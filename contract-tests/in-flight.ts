/**
 * Which checks are in flight on each article, so a check that shares its article with others can
 * tell their keys from its own: a check's keys carry its marker, and a key of a check
 * that was in flight beside it at any moment may change under its feet.
 */
import { carriesMarker } from './marker';

export class InFlight {
  /** Per article, the marker of each check in flight, with the markers of every check in flight beside it since it began. */
  private readonly running = new Map<number, Map<string, Set<string>>>();

  /** A check starts; the answer says whether a key belongs to a check in flight beside it (`othersOwn`). */
  enter(articleId: number, marker: string): (key: string) => boolean {
    const here = this.running.get(articleId) ?? new Map<string, Set<string>>();
    this.running.set(articleId, here);
    for (const beside of here.values()) beside.add(marker);
    const beside = new Set(here.keys());
    here.set(marker, beside);
    return (key) => [...beside].some((other) => carriesMarker(key, other));
  }

  leave(articleId: number, marker: string): void {
    this.running.get(articleId)?.delete(marker);
  }
}
