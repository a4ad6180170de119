/**
 * The request's own shape (section 4: 4.2, 4.3 and 4.6 state a payload): a client that sends a
 * wrong payload is reported too, by field. The contract suite sends only payloads it built; a
 * validating proxy sees whatever a client sends, so it asks this.
 */
import type { RequestShape } from '../generated/catalogue';
import { validateRequest } from '../validation';
import { violation, type Violation } from './violation';

const show = (text: string): string => JSON.stringify(text.slice(0, 200));
const showValue = (value: unknown): string => (value === undefined ? '(missing)' : JSON.stringify(value).slice(0, 300));

function valueAt(document: unknown, pointer: string): unknown {
  let value = document;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[segment] : undefined;
  }
  return value;
}

/** Every way `body` (the payload as sent) breaks the stated request shape. */
export function judgeRequest(shape: RequestShape, body: string): Violation[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body) as unknown;
  } catch {
    return [violation('request-shape', 'request', 'a JSON payload', show(body))];
  }
  return validateRequest(shape, parsed).map(({ path, message }) =>
    violation('request-shape', `request${path}`, message, showValue(valueAt(parsed, path))),
  );
}
