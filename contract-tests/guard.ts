/**
 * A post-condition of every check that writes: data keys the check did not write itself (those
 * without the run marker) are exactly as before it. The interface says other keys remain (4.3),
 * a removal removes one key (4.4), and reserved keys are read-only (2.1, 4.2); the suite's full
 * updates resend every key, so no conforming target loses one. Checking this after each write
 * pins a collateral change on the check whose requests caused it.
 */
import { isDeepStrictEqual } from 'node:util';
import { isObject, show } from './failure';
import type { Client, Exchange } from './http/client';
import { pathOf } from './checks/steps';
import { carriesMarker } from './marker';

export interface DataRead {
  data: Record<string, unknown>;
  exchange: Exchange;
}

/**
 * The article's data (the last read of it when nothing can have changed it since: `Client.readNow`),
 * or undefined when it cannot be read (the check itself then says why).
 */
export async function readDataQuietly(client: Client, articleId: number): Promise<DataRead | undefined> {
  try {
    const exchange = await client.readNow(pathOf('readArticle', articleId));
    return isObject(exchange.json) && isObject(exchange.json.data) ? { data: exchange.json.data, exchange } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One line per key whose value differs between the two reads, other than the keys written under
 * `marker` (the checked article's own marker: a key another article's check wrote counts here).
 */
export function keysChangedOutside(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  marker: string,
): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !carriesMarker(key, marker),
  );
  return keys
    .filter((key) => !isDeepStrictEqual(before[key], after[key]))
    .map(
      (key) =>
        `${key}: ${key in after ? show(after[key]) : '(removed)'} instead of ${key in before ? show(before[key]) : '(absent)'}`,
    );
}
