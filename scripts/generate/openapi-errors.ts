/**
 * The error answers of the OpenAPI document. The interface shows none (section 7: error statuses,
 * bodies and conditions are not shown); these are what this mock answers, after the API family's
 * conventions: the statuses of the error catalogue (mock/core/api-error.ts) that can reach each
 * operation, with the family's body `{"message": ...}`, plus `errors` by field on 422. They
 * describe the mock and judge no server: the contract suite and the proxy judge answers with the
 * schemas (schemas/conformance/), never with this document.
 */
import { errorCatalogue, type ErrorCode } from '../../mock/core/api-error';
import type { JsonSchema } from './build-schemas';
import type { InterfaceModel, Operation } from './model';

/** What about an operation decides which errors can reach it. */
export interface OperationTraits {
  /** Not a read: the mock asks for the token, when it has one, and saves the change. */
  writes: boolean;
  takesBody: boolean;
  /** Its path names a data key, which may be a reserved one. */
  namesKey: boolean;
  /** Its answer is a list, paged with `page` and `per_page`. */
  pages: boolean;
}

export function traitsOf(operation: Operation, model: InterfaceModel): OperationTraits {
  return {
    writes: operation.method !== 'GET',
    takesBody: operation.request !== undefined,
    namesKey: operation.path.includes('{key}'),
    pages: model.lists.some((list) => list.name === operation.answer),
  };
}

/**
 * The catalogue's codes no operation gets: the control API's and the proxy's refusals, a method
 * that is another operation's (or none's), and the sandboxes' (a request naming no sandbox never
 * meets them), and the scenarios' bound (docs/scenarios.md).
 */
type NotAnOperationsAnswer =
  | 'controlTokenRequired'
  | 'crossOriginControl'
  | 'originNotAllowed'
  | 'methodNotAllowed'
  | 'unknownSandbox'
  | 'tooManySandboxes'
  | 'tooManyScenarios';
export type OperationErrorCode = Exclude<ErrorCode, NotAnOperationsAnswer>;

const always = (): boolean => true;

/**
 * Which operations each code of the catalogue can reach. Typed over the codes, so a code added to
 * the catalogue does not compile until it is placed here (or named above as no operation's).
 */
export const errorReach: Record<OperationErrorCode, (traits: OperationTraits) => boolean> = {
  badRequest: always,
  malformedJson: (traits) => traits.takesBody,
  missingBody: (traits) => traits.takesBody,
  bodyTooDeep: (traits) => traits.takesBody,
  numberOutOfRange: (traits) => traits.takesBody,
  unauthorized: (traits) => traits.writes,
  reservedKey: (traits) => traits.namesKey,
  hostNotAllowed: always,
  notFound: always,
  payloadTooLarge: (traits) => traits.takesBody,
  queryTooLong: always,
  unsupportedMediaType: (traits) => traits.takesBody,
  validationFailed: (traits) => traits.takesBody || traits.pages,
  injectedFault: always,
  notSaved: (traits) => traits.writes,
  notReadable: (traits) => !traits.writes,
  invalidResponse: always,
};

/** The codes that can reach an operation, in the catalogue's order. */
export const errorCodesOf = (traits: OperationTraits): OperationErrorCode[] =>
  (Object.keys(errorCatalogue) as ErrorCode[]).filter(
    (code): code is OperationErrorCode => code in errorReach && errorReach[code as OperationErrorCode](traits),
  );

const errorsByField: JsonSchema = {
  type: 'object',
  description: 'Each field (a dotted path, or a query parameter) with what is wrong with it.',
  additionalProperties: { type: 'array', items: { type: 'string' } },
};

/** The two bodies of the family's errors, as components of the document. */
export const errorComponents: Record<string, JsonSchema> = {
  ErrorBody: {
    type: 'object',
    description: "An error answer of this mock, in the API family's form (the interface shows none: section 7).",
    required: ['message'],
    properties: { message: { type: 'string' }, errors: errorsByField },
  },
  ValidationErrorBody: {
    type: 'object',
    description: 'A 422 of this mock: the message, and every field that was refused.',
    required: ['message', 'errors'],
    properties: { message: { type: 'string' }, errors: errorsByField },
  },
};

const describe = (codes: OperationErrorCode[]): string =>
  [
    'What this mock answers (the interface states no errors: section 7):',
    '',
    ...codes.map((code) => `- \`${code}\`: ${errorCatalogue[code].when}`),
  ].join('\n');

/**
 * One response per status the operation's codes use, each code's real answer as a named example
 * (`examples`: from build-error-examples.ts; none when generating from the tables alone).
 */
export function errorResponses(
  traits: OperationTraits,
  examples?: Map<OperationErrorCode, unknown>,
): Record<string, JsonSchema> {
  const byStatus = new Map<number, OperationErrorCode[]>();
  for (const code of errorCodesOf(traits)) {
    const status = errorCatalogue[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const statuses = [...byStatus.keys()].sort((one, other) => one - other);
  return Object.fromEntries(
    statuses.map((status) => {
      const codes = byStatus.get(status) ?? [];
      const schema = { $ref: `#/components/schemas/${status === 422 ? 'ValidationErrorBody' : 'ErrorBody'}` };
      const named = codes.flatMap((code) =>
        examples?.has(code) === true ? [[code, { summary: code, value: examples.get(code) }] as const] : [],
      );
      const shown = named.length === 0 ? {} : { examples: Object.fromEntries(named) };
      return [String(status), { description: describe(codes), content: { 'application/json': { schema, ...shown } } }];
    }),
  );
}
