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
 * The article's data, or undefined when it cannot be read (the check itself then says why).
 * `settled`: the last read of it when nothing the suite sent can have changed it since
 * (`Client.readNow`); `fresh`: read now. That reuse assumes a write changes only the article it
 * names, which is the very fault this check looks for, so its read after a check is fresh.
 */
export async function readDataQuietly(
  client: Client,
  articleId: number,
  how: 'settled' | 'fresh',
): Promise<DataRead | undefined> {
  const to = pathOf('readArticle', articleId);
  try {
    const exchange = await (how === 'fresh' ? client.send({ method: 'GET', to }) : client.readNow(to));
    return isObject(exchange.json) && isObject(exchange.json.data) ? { data: exchange.json.data, exchange } : undefined;
  } catch {
    return undefined;
  }
}

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
