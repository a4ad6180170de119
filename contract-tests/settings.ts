/**
 * How the CLI hands its target to the jest run it starts: one JSON environment variable that only
 * the CLI sets. `npm test` never sees it, so a `CONTRACT_BASE_URL` left in a CI environment
 * cannot turn a plain test run into a run against a real deployment.
 */
import type { TargetSettings } from './runner';

export const targetVariable = 'CONTRACT_SUITE_TARGET';

export class SettingsError extends Error {
  override name = 'SettingsError';
}

/** `1,2, 3` -> [1, 2, 3]; article ids are integers (interface section 4). */
export function parseArticleIds(text: string): number[] {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const bad = parts.filter((part) => !/^[0-9]{1,15}$/.test(part));
  if (parts.length === 0 || bad.length > 0)
    throw new SettingsError(`article ids must be whole numbers separated by commas, not "${text}"`);
  return [...new Set(parts.map(Number))];
}

export function parseBaseUrl(text: string): string {
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

export const encodeTarget = (target: TargetSettings): string => JSON.stringify(target);

/** The target the CLI passed, or undefined for a plain `npm test` (the in-process mock). */
export function targetFromEnv(env: NodeJS.ProcessEnv): TargetSettings | undefined {
  const raw = env[targetVariable];
  if (raw === undefined || raw === '') return undefined;
  const parsed = JSON.parse(raw) as Partial<TargetSettings>;
  if (typeof parsed.baseUrl !== 'string' || !Array.isArray(parsed.articleIds))
    throw new SettingsError(`${targetVariable} is not a target: ${raw}`);
  return { ...parsed, baseUrl: parsed.baseUrl, articleIds: parsed.articleIds };
}
