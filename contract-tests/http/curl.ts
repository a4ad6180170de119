/**
 * A `curl` command that repeats one request of the suite, printed with every failure so a
 * person can reproduce it by hand. The token is never printed: the command reads it from
 * `$CONTRACT_API_TOKEN`, so reports can be shared and CI logs stay clean.
 */
export interface SentRequest {
  method: string;
  url: string;
  /** Headers as sent, the token excepted (it is added as a variable). */
  headers: Record<string, string>;
  withToken: boolean;
  body?: string;
}

/** Single-quotes a word for a POSIX shell. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlCommand(request: SentRequest): string {
  const parts = ['curl', '-sS', '-i', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (request.withToken) parts.push('-H', '"X-API-TOKEN: $CONTRACT_API_TOKEN"');
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(request.body));
  return parts.join(' ');
}
