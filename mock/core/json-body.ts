/**
 * Reading a write's JSON body (4.2, 4.3, 4.6): `Content-Type: application/json` (section 4.6
 * rule 1) in UTF-8, at most `maxBodyBytes`, JSON, no deeper than `maxJsonDepth` and no number
 * JSON cannot give back. An empty body reads as `{}`, as the mock always read it.
 */
import { ApiError } from '../rules';
import { maxJsonDepth, requireJsonWithin } from '../rules/limits';
import { headerValue, type PlainRequest } from './plain';

/** `type/subtype` then `; name=value` parameters (a value may be quoted), as media-typer reads them. */
const mediaType = /^\s*([^\s;/]+\/[^\s;]+)\s*((?:;\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+=(?:[^\s;"]+|"(?:[^"\\]|\\.)*")\s*)*)$/;
const charsetParameter = /;\s*charset=(?:"([^"]*)"|([^\s;]*))/i;

/** 415 unless the body is declared and labelled as UTF-8 JSON. */
export function requireJsonType(request: PlainRequest): void {
  const found = request.body.present ? mediaType.exec(headerValue(request, 'content-type') ?? '') : null;
  if (found?.[1]?.toLowerCase() !== 'application/json') throw new ApiError('unsupportedMediaType');
  const charset = charsetParameter.exec(found[2] ?? '');
  const name = (charset?.[1] ?? charset?.[2] ?? 'utf-8').toLowerCase();
  if (name !== 'utf-8' && name !== 'utf8') {
    throw new ApiError('unsupportedMediaType', { message: `Unsupported body encoding: unsupported charset "${name}"` });
  }
}

const decoder = new TextDecoder('utf-8');

/** The parsed body, or the catalogue's 400 naming what is wrong. */
export function parseJsonBody(bytes: Uint8Array): unknown {
  const text = decoder.decode(bytes);
  if (text === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError('malformedJson', { message: `Malformed JSON in the request body: ${reason}` });
  }
  requireJsonWithin(body, maxJsonDepth);
  return body;
}
