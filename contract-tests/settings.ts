/**
 * The CLI's target, read from its options only: no environment variable names a target, so a
 * `CONTRACT_BASE_URL` left in a CI environment cannot turn `npm test` into a run against a real
 * deployment.
 */
import { parseArticleId } from 'site-articles-schemas/conformance';

export class SettingsError extends Error {
  override name = 'SettingsError';
}

/** `1,2, 3` -> [1, 2, 3]; article ids are read as the interface's paths are (parseArticleId, section 4). */
export function parseArticleIds(text: string): number[] {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const ids = parts.map(parseArticleId).filter((id) => id !== undefined);
  if (parts.length === 0 || ids.length < parts.length)
    throw new SettingsError(`article ids must be whole numbers separated by commas, not "${text}"`);
  return [...new Set(ids)];
}

export function parseBaseUrl(text: string): string {
  // `127.0.0.1:4010` is no URL, and `localhost:4010` one of scheme `localhost:`: both miss `http://`.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && URL.canParse(`http://${text}`))
    throw new SettingsError(`the base URL "${text}" has no scheme: did you mean http://${text}?`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SettingsError(`the base URL "${text}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SettingsError(`the base URL must be http or https, not ${url.protocol}`);
  if (url.search !== '' || url.hash !== '') throw new SettingsError('the base URL must not carry a query or fragment');
  return url.toString().replace(/\/+$/, '');
}
