/**
 * Real error answers for the OpenAPI document (openapi-errors.ts): for each operation, each code of
 * the catalogue that can reach it is brought about by changing the operation's own example request
 * (build-examples.ts) and sending it to a fresh mock, whose answer is kept as it came. An answer
 * whose status is not the code's stops generation, so the document cannot list an error this mock
 * does not give, and check:generated shows when an answer changes.
 */
import { createApp, type MockOptions } from 'site-articles-mock';
import { reservedKeyPrefix, type OperationId } from 'site-articles-schemas/catalogue';
import { errorCatalogue } from '../../mock/core/api-error';
import { maxBodyBytes, maxJsonDepth, maxQueryLength } from '../../mock/core/limits';
import { plainRequestOf } from '../../mock/adapters/fetch-request';
import { answerText } from '../../mock/core/plain';
import type { Persistence } from '../../mock/store/persistence';
import { UnreadableSite } from '../../mock/store/saved-records';
import { errorCodesOf, type OperationErrorCode, type OperationTraits } from './openapi-errors';

/** An operation's example request, as build-examples.ts sends it. */
export interface ExampleRequest {
  operation: OperationId;
  method: string;
  path: string;
  json?: unknown;
}

/** What a code's request changes in the example: path, headers (undefined drops one), body text (null: none), the mock's options. */
interface Provoked {
  path?: string;
  headers?: Record<string, string | undefined>;
  body?: string | null;
  options?: MockOptions;
}

const token = 'example-token';

/** A database that cannot take a change, as a full disk gives it. */
const fullDisk: Persistence = {
  saved: undefined,
  follow: () => undefined,
  settled: () => Promise.reject(new Error('SQLITE_FULL: database or disk is full')),
};

/** A database another program holds locked while a change to the article waits for its commit. */
const lockedFile: Persistence = {
  saved: undefined,
  follow: () => undefined,
  settled: () => Promise.resolve(),
  committedView: () => {
    throw new UnreadableSite(new Error('SQLITE_BUSY: database is locked'));
  },
};

const withQuery = (path: string, query: string): string => `${path}${path.includes('?') ? '&' : '?'}${query}`;

const provocations: Record<OperationErrorCode, (example: ExampleRequest, traits: OperationTraits) => Provoked> = {
  badRequest: (example) => ({ path: example.path.replace(/\/\d+/, '/%ZZ') }),
  malformedJson: () => ({ body: '{"value": ' }),
  missingBody: () => ({ body: null }),
  bodyTooDeep: () => ({ body: `${'['.repeat(maxJsonDepth + 1)}${']'.repeat(maxJsonDepth + 1)}` }),
  numberOutOfRange: () => ({ body: '{"value": 1e400}' }),
  unauthorized: () => ({ headers: { 'x-api-token': undefined } }),
  reservedKey: (example) => ({ path: example.path.replace(/[^/]+$/, `${reservedKeyPrefix}import_source`) }),
  hostNotAllowed: () => ({ headers: { host: 'admin.example.com' } }),
  notFound: (example) => ({ path: example.path.replace(/\/\d+/, '/999999') }),
  payloadTooLarge: () => ({ body: JSON.stringify({ value: 'x'.repeat(maxBodyBytes) }) }),
  queryTooLong: (example) => ({ path: withQuery(example.path, `q=${'x'.repeat(maxQueryLength)}`) }),
  unsupportedMediaType: (example) => ({
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify(example.json),
  }),
  validationFailed: (example, traits) =>
    traits.takesBody ? { body: '{}' } : { path: withQuery(example.path, 'per_page=0') },
  injectedFault: () => ({ options: { faults: { failure: { status: 503, rate: 1 } } } }),
  notSaved: () => ({ options: { persistence: fullDisk } }),
  notReadable: () => ({ options: { persistence: lockedFile } }),
  invalidResponse: (example) => ({
    options: { validateResponses: true, rules: { [example.operation]: () => ({ status: 200, body: null }) } },
  }),
};

function requestOf(example: ExampleRequest, provoked: Provoked, host: string): Request {
  const body =
    provoked.body === undefined ? (example.json === undefined ? null : JSON.stringify(example.json)) : provoked.body;
  const headers = new Headers({ host, 'x-api-token': token });
  if (body !== null) headers.set('content-type', 'application/json');
  for (const [name, value] of Object.entries(provoked.headers ?? {})) {
    if (value === undefined) headers.delete(name);
    else headers.set(name, value);
  }
  return new Request(`http://${host}${provoked.path ?? example.path}`, { method: example.method, headers, body });
}

/** The mock's answer to one provoked request; its self-check's log line is held back, as the 500 is the point. */
async function answerTo(
  example: ExampleRequest,
  provoked: Provoked,
  host: string,
): Promise<{ status: number; body: unknown }> {
  const { core } = createApp({ token, ...provoked.options });
  const log = console.error;
  console.error = () => undefined;
  try {
    const answer = await core.handle(plainRequestOf(requestOf(example, provoked, host)));
    return { status: answer.status, body: JSON.parse(answerText(answer) || 'null') as unknown };
  } finally {
    console.error = log;
  }
}

/** Each code that can reach the operation, with the body the mock answered it with (asked at `host`, as the document's `servers`). */
export async function errorExamples(
  example: ExampleRequest,
  traits: OperationTraits,
  host: string,
): Promise<Map<OperationErrorCode, unknown>> {
  const examples = new Map<OperationErrorCode, unknown>();
  for (const code of errorCodesOf(traits)) {
    const { status, body } = await answerTo(example, provocations[code](example, traits), host);
    if (status !== errorCatalogue[code].status)
      throw new Error(`${code} of ${example.operation} was answered ${String(status)}: ${JSON.stringify(body)}`);
    examples.set(code, body);
  }
  return examples;
}
