/**
 * Reserved data keys (interface 2.1, 4.2): keys with the service's marker prefix are protected and
 * read-only. No client write creates, changes or removes one.
 */
import { isReservedKey } from 'site-articles-schemas/catalogue';

export { isReservedKey };

/**
 * The data a full update (4.2) leaves behind: the client's non-reserved keys replace the stored
 * ones (the API family's PUT overwrites what it sends), while every stored reserved key stays.
 */
export function replaceData(
  stored: Map<string, unknown>,
  sent: Record<string, unknown>,
): { data: Map<string, unknown>; ignored: string[] } {
  const data = new Map([...stored].filter(([key]) => isReservedKey(key)));
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(sent)) {
    if (isReservedKey(key)) ignored.push(key);
    else data.set(key, value);
  }
  return { data, ignored };
}
