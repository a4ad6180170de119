/**
 * Reading a write's JSON body (4.2, 4.3, 4.6): `Content-Type: application/json` (section 4.6
 * rule 1) in UTF-8, at most `maxBodyBytes`, JSON, no deeper than `maxJsonDepth` and no number
 * JSON cannot give back. A missing or empty body is a 400 that shows the JSON the operation takes.
 */
import { ApiError } from './api-error';
import { maxJsonDepth, requireJsonWithin } from './limits';
import type { OperationId } from 'site-articles-schemas/catalogue';
import { headerValue, type PlainRequest } from './plain';

/** What each write takes (4.2, 4.3, 4.6), for the message of a request that sent no body. */
const bodyExamples: Partial<Record<OperationId, string>> = {
  updateArticle: '{"article": {"data": {"colour": "teal"}}}',
  setDataKey: '{"value": "teal"}',
  postComment: '{"comment": {"author": "Ada", "author_email": "ada@example.com", "body": "Hello"}}',
};

/** 400 for a write that came without a body (or an empty one), whatever its Content-Type said. */
export function missingBody(operation: OperationId): ApiError {
  const example = bodyExamples[operation];
  return new ApiError('missingBody', {
    message: `The request body is missing: send JSON with Content-Type: application/json${example ? `, such as ${example}` : ''}.`,
  });
}

/** `type/subtype` then `; name=value` parameters (a value may be quoted), as media-typer reads them. */
const mediaType = /^\s*([^\s;/]+\/[^\s;]+)\s*((?:;\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+=(?:[^\s;"]+|"(?:[^"\\]|\\.)*")\s*)*)$/;
const charsetParameter = /;\s*charset=(?:"([^"]*)"|([^\s;]*))/i;

/** 415 unless the body is declared and labelled as UTF-8 JSON. */
export function requireJsonType(request: PlainRequest): void {
  const found = mediaType.exec(headerValue(request, 'content-type') ?? '');
  if (found?.[1]?.toLowerCase() !== 'application/json') throw new ApiError('unsupportedMediaType');
  const charset = charsetParameter.exec(found[2] ?? '');
  const name = (charset?.[1] ?? charset?.[2] ?? 'utf-8').toLowerCase();
  if (name !== 'utf-8' && name !== 'utf8') {
    throw new ApiError('unsupportedMediaType', { message: `Unsupported body encoding: unsupported charset "${name}"` });
  }
}

const decoder = new TextDecoder('utf-8');

/** The parsed body, or the catalogue's 400 naming what is wrong (the control API's bodies may nest deeper). */
export function parseJsonBody(bytes: Uint8Array, maxDepth = maxJsonDepth): unknown {
  const text = decoder.decode(bytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError('malformedJson', { message: `Malformed JSON in the request body: ${reason}` });
  }
  requireJsonWithin(body, maxDepth);
  return body;
}
