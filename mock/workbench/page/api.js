// The control API as the page uses it (paths relative to /__mock/), and small DOM helpers.

/**
 * An Error carrying a refusal of the mock (its control API's or the interface's), so the page can
 * show what it stated: `fields` holds the answer's field-level `errors` (`{"delayMs": [...]}`),
 * `reason` its message alone.
 */
export class ControlError extends Error {
  constructor(status, body) {
    const errors = body && typeof body === 'object' && body.errors ? body.errors : undefined;
    const detail = errors
      ? Object.entries(errors)
          .map(([field, messages]) => `${field}: ${[].concat(messages).join(', ')}`)
          .join('; ')
      : (body && body.message) || String(body);
    super(`${status}: ${detail}`);
    this.status = status;
    this.fields = errors ?? {};
    this.reason = (body && body.message) || detail;
  }
}

/** One request with a JSON body (when given); the answer's parsed body and its headers, or a ControlError. */
export async function send(path, { method = 'GET', body, headers = {} } = {}) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  let parsed = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // An answer that is not JSON is shown as it came.
  }
  if (!response.ok) throw new ControlError(response.status, parsed);
  return { body: parsed, headers: response.headers };
}

/**
 * Beyond loopback the control API answers 401 until the page holds a session: the page asks for
 * the control token once (requests waiting at the same time share the question) and trades it
 * for the session cookie, which the browser then sends with every request, server-sent events too.
 */
let session;
function openSession() {
  session ??= (async () => {
    const token = window.prompt('The mock listens beyond loopback. Control token (printed when the mock started):');
    if (token === null) throw new ControlError(401, { message: 'No control token was given.' });
    await send('session', { method: 'POST', body: JSON.stringify({ token }) });
  })().catch((error) => {
    session = undefined;
    throw error;
  });
  return session;
}

/** A request to the control API; its answer's body and headers. */
export async function controlAnswer(path, options = {}) {
  try {
    return await send(path, options);
  } catch (error) {
    if (!(error instanceof ControlError) || error.status !== 401 || path === 'session') throw error;
    await openSession();
    return send(path, options);
  }
}

/** A request to the control API; its answer's body. */
export const control = async (path, options = {}) => (await controlAnswer(path, options)).body;

/** `el('li', { class: 'x' }, child, 'text')`: text is always inserted as text, never as HTML. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== false) node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child !== undefined && child !== null) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

export const pretty = (value) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

export function showStatus(text, isError = false) {
  const status = document.getElementById('status');
  status.textContent = text;
  status.className = isError ? 'error' : 'ok';
}
