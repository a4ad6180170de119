// The interface's operations as the page calls them (sections 4.2, 4.3, 4.4 and 4.6): each one's
// method and path come from the OpenAPI document the mock serves, so the page restates no address,
// and the token (`--token`), when one is in force, goes in the header the document's scheme names.
import { controlAnswer, send } from './api.js';

/** Keys of `data` with the reserved prefix (section 2.1), which clients cannot change; the mock fills it in. */
export const isReserved = (key) => key.startsWith(document.body.dataset.reservedPrefix);

let described;

/**
 * The OpenAPI document and the token the interface's writes need, which the mock names only to
 * its own page (the `X-Mock-Api-Token` header of the document's answer). Fetched once.
 */
export function interfaceDescription() {
  described ??= controlAnswer('openapi.json').then(({ body, headers }) => ({
    document: body,
    token: headers.get('X-Mock-Api-Token') ?? undefined,
  }));
  return described;
}

export async function operationIds() {
  const { document } = await interfaceDescription();
  return Object.values(document.paths).flatMap((path) => Object.values(path).map((operation) => operation.operationId));
}

function operationOf(document, id) {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation.operationId === id) return { method: method.toUpperCase(), path };
    }
  }
  throw new Error(`The OpenAPI document has no operation ${id}.`);
}

const fillPath = (template, parameters) =>
  template.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(String(parameters[name])));

const sendsToken = () => document.getElementById('send-token').checked;

/** Calls one operation with its path parameters and JSON body; the answer's body, or a ControlError. */
export async function callOperation(id, parameters, body) {
  const { document: openapi, token } = await interfaceDescription();
  const { method, path } = operationOf(openapi, id);
  const headerName = openapi.components.securitySchemes.apiToken.name;
  const headers = token !== undefined && sendsToken() ? { [headerName]: token } : {};
  const address = `${openapi.servers[0].url}${fillPath(path, parameters)}`;
  const answer = await send(address, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return answer.body;
}

/** Says in the header whether writes need a token; the page sends it unless the box is unticked. */
export async function showTokenInForce() {
  const { document: openapi, token } = await interfaceDescription();
  const notice = document.getElementById('token');
  notice.hidden = token === undefined;
  document.getElementById('token-header').textContent = openapi.components.securitySchemes.apiToken.name;
}
