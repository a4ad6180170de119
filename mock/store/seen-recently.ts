/**
 * Which keys were asked for recently: one mark per hash slot, all cleared after a set number of
 * marks. What is asked for once is then not kept, and what is asked for again soon is: reads spread
 * evenly over a large site keep almost nothing (whatever they kept would soon be let go again, as
 * old-generation garbage that costs more in garbage collection than the reads it saves), while the
 * few records or answers a person works on are kept from their second ask. The store's read records
 * (read-records.ts) and the response cache (core/response-cache.ts) both keep through it.
 * Hand-written: a typed array and a counter; a Bloom-filter library would bring hashing and
 * sizing this does not need.
 */

/** FNV-1a over the UTF-16 code units: cheap, and spreads similar keys well. */
export function hashText(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193);
  return value >>> 0;
}

/** Spreads neighbouring ids (records are read by id) over the slots. */
export const hashId = (id: number): number => Math.imul(id, 0x9e3779b1) >>> 0;

/**
 * 65,536 slots (64 KB, made on first use), all cleared after every 4,096 marks, so at most one
 * slot in sixteen is marked: a key is taken as seen by mistake at most that often. "Soon" is before
 * the next clear: anywhere from 1 to 4,096 new keys later. The response cache kept a longer
 * window before this was shared (65,536 marks); a shorter one keeps less of reads spread evenly
 * over a site and loses nothing for the few addresses a person asks for again and again.
 */
const slots = 1 << 16;
const clearAfter = 1 << 12;

export class SeenRecently {
  private marks?: Uint8Array;
  private marked = 0;

  /** True when `hash` was marked since the last clear (or shares a slot with one that was); marks it otherwise. */
  seenBefore(hash: number): boolean {
    this.marks ??= new Uint8Array(slots);
    const slot = hash & (slots - 1);
    if (this.marks[slot] === 1) return true;
    this.marks[slot] = 1;
    this.marked += 1;
    if (this.marked >= clearAfter) {
      this.marks.fill(0);
      this.marked = 0;
    }
    return false;
  }
}
