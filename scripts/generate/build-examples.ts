/**
 * Real examples for the OpenAPI document: each operation sent to a fresh mock holding the
 * built-in sample site, its request and answer kept as they went. Without them, API renderers
 * invent answers from the schemas' patterns (dates such as `0063-45-04T02:84:96.206Z`, 60-digit ids).
 * The mock's clock is fixed, so `npm run generate` writes the same examples every time and a
 * stale one shows in `check:generated`.
 */
import { createApp } from 'site-articles-mock';
import { answerText, plainJsonRequest } from '../../mock/core/plain';
import type { OperationId } from 'site-articles-schemas/catalogue';
import { isSuccessStatus } from 'site-articles-schemas/conformance';
import { errorExamples, type ExampleRequest } from './build-error-examples';
import type { InterfaceModel, Operation } from './model';
import { traitsOf, type OperationErrorCode } from './openapi-errors';

export interface OperationExample {
  /** Values of the path's parameters. */
  parameters: Record<string, unknown>;
  request?: unknown;
  /** The parsed answer; absent for an empty one (4.4's 204). */
  answer?: unknown;
  /** The mock's answer to each error that can reach the operation (build-error-examples.ts). */
  errors: Map<OperationErrorCode, unknown>;
}

/** A day after the sample site's last change: a write's `updated_at` is a real date near the site's own. */
const writtenAt = new Date('2024-03-04T10:30:00.000Z');
/** The address the document's `servers` names, so the examples' URLs match what `npm start` serves. */
const host = '127.0.0.1:4010';

const sent: (ExampleRequest & { parameters: Record<string, unknown> })[] = [
  { operation: 'readArticle', method: 'GET', path: '/admin/api/articles/1', parameters: { article_id: 1 } },
  {
    operation: 'listComments',
    method: 'GET',
    path: '/admin/api/site/articles/1/comments.json',
    parameters: { article_id: 1 },
  },
  {
    operation: 'setDataKey',
    method: 'PUT',
    path: '/admin/api/articles/1/data/colour',
    parameters: { article_id: 1, key: 'colour' },
    json: { value: 'teal' },
  },
  {
    operation: 'deleteDataKey',
    method: 'DELETE',
    // A key the sample site holds, so that each error example (sent to a fresh mock) finds it too.
    path: '/admin/api/articles/1/data/reading_minutes',
    parameters: { article_id: 1, key: 'reading_minutes' },
  },
  {
    operation: 'updateArticle',
    method: 'PUT',
    path: '/admin/api/articles/3',
    parameters: { article_id: 3 },
    json: { article: { data: { review_status: 'approved' } } },
  },
  {
    operation: 'postComment',
    method: 'POST',
    path: '/admin/api/articles/2/comments',
    parameters: { article_id: 2 },
    json: { comment: { author: 'Ada', author_email: 'ada@example.com', body: 'Thank you, this helped.' } },
  },
];

/** Each operation's example, sent in turn to one fresh mock (a refused one stops generation), and its errors. */
export async function sampleSiteExamples(model: InterfaceModel): Promise<Map<OperationId, OperationExample>> {
  const { core } = createApp({ clock: () => writtenAt, validateResponses: true });
  const examples = new Map<OperationId, OperationExample>();
  for (const example of sent) {
    const { operation, method, path, parameters, json } = example;
    const answer = await core.handle(plainJsonRequest(method, path, json, { host }));
    if (!isSuccessStatus(answer.status))
      throw new Error(`the example of ${operation} was refused: ${String(answer.status)} ${answerText(answer)}`);
    examples.set(operation, {
      parameters,
      ...(json === undefined ? {} : { request: json }),
      ...(answerText(answer) === '' ? {} : { answer: JSON.parse(answerText(answer)) as unknown }),
      errors: await errorExamples(example, traitsOf(operationOf(model, operation), model), host),
    });
  }
  return examples;
}

function operationOf(model: InterfaceModel, id: OperationId): Operation {
  const found = model.operations.find((operation) => operation.id === id);
  if (!found) throw new Error(`the tables have no operation ${id}`);
  return found;
}
