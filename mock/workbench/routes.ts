/**
 * The workbench's rows of the control API (outside the interface): `/` and `/__mock` lead to the
 * page at `/__mock/` (plain files in `page/`, no build step), its files under `/__mock/assets/`, the
 * OpenAPI document at `/__mock/openapi.json` with `servers` naming the mock as the request reached
 * it, and `/__mock/docs`, Swagger UI served from the project's own node_modules. Nothing here is
 * fetched from another host. Swagger UI is an optional peer of the package (a project that wants
 * only the handlers does not install it): without it, `/__mock/docs` says how to add it.
 *
 * When writes need a token (`--token`), the OpenAPI document's answer names it in
 * `X-Mock-Api-Token`, so the workbench can send it with the writes it makes through the interface.
 * The header rides on a row that is not open: beyond loopback only a holder of the control token
 * reads it, and another origin's page cannot read the answer at all (docs/security.md). It is a
 * header rather than part of the page, so the journal, which keeps bodies, never holds it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { reservedKeyPrefix } from 'site-articles-schemas/catalogue';
import { escapeMarkup } from 'site-articles-schemas/command-line';
import openapi from 'site-articles-schemas/openapi.json';
import { jsonAnswer } from '../core/answers';
import { baseUrl } from '../core/base-url';
import type { ControlHandler } from '../core/control-stage';
import { controlPrefix } from '../core/control-table';
import type { PlainAnswer } from '../core/plain';
import { splitTarget } from '../core/query';
import { fileAnswer } from './files';

/** `page/` next to this file when run from source; from the build (`dist/workbench/`) it is the package's own. */
function pageFolder(): string {
  const candidates = [join(__dirname, 'page'), resolve(__dirname, '../../workbench/page')];
  return candidates.find((folder) => existsSync(join(folder, 'index.html'))) ?? (candidates[0] as string);
}

/** Where swagger-ui-dist is installed, if it is. */
function swaggerUiFolder(): string | undefined {
  try {
    return dirname(require.resolve('swagger-ui-dist/package.json'));
  } catch {
    return undefined;
  }
}

const redirect = (location: string): PlainAnswer => ({ status: 302, headers: { Location: location } });

/**
 * A page's HTML with the catalogue's reserved prefix and the control API's prefix filled in (so the
 * page restates neither), and the address the proxy forwards to, read once.
 */
function htmlPage(folder: string, name: string, upstream = ''): ControlHandler {
  let text: string | undefined;
  return () => {
    text ??= readFileSync(join(folder, name), 'utf8')
      .replaceAll('{{reservedKeyPrefix}}', reservedKeyPrefix)
      .replaceAll('{{controlPrefix}}', controlPrefix)
      .replaceAll('{{upstream}}', escapeMarkup(upstream));
    return {
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
      body: text,
    };
  };
}

const swaggerUiAssets = 'swagger-ui/';

/** The header of the OpenAPI document's answer that gives the mock's own page the interface's token. */
const apiTokenHeader = 'X-Mock-Api-Token';

/** The OpenAPI document naming the mock as the request reached it, and the token its writes need, if any. */
function openapiHandler(apiToken: string | undefined): ControlHandler {
  const tokenHeaders: Record<string, string> =
    apiToken === undefined ? {} : { [apiTokenHeader]: apiToken, 'Cache-Control': 'no-store' };
  return ({ request }) =>
    jsonAnswer(200, { ...openapi, servers: [{ url: baseUrl(request), description: 'This mock' }] }, tokenHeaders);
}

/** The page at `/__mock/`: the mock's workbench, or the validating proxy's (its journal and violations). */
export type WorkbenchPage = 'index.html' | 'proxy.html';

export interface WorkbenchSettings {
  /** The token the interface's writes need (`--token`), when one is in force. */
  apiToken?: string;
  /** The page at `/__mock/`; the mock's own by default. */
  page?: WorkbenchPage;
  /** The deployment the validating proxy forwards to, named on its page. */
  upstream?: string;
}

export function workbenchHandlers({ apiToken, page = 'index.html', upstream }: WorkbenchSettings = {}): Record<
  'root' | 'page' | 'assets' | 'docs' | 'openapi',
  ControlHandler
> {
  const folder = pageFolder();
  const swaggerUi = swaggerUiFolder();
  const index = htmlPage(folder, page, upstream);
  return {
    root: () => redirect(`${controlPrefix}/`),
    // Relative links in the page need the trailing slash: `/__mock` goes to `/__mock/`.
    page: (call) => {
      const { path } = splitTarget(call.request.originalUrl);
      return path.endsWith('/') ? index(call) : redirect(`${path}/`);
    },
    // Files that hold no state, which the security guard serves without the control token.
    assets: ({ rest }) =>
      swaggerUi !== undefined && rest.startsWith(swaggerUiAssets)
        ? fileAnswer(swaggerUi, rest.slice(swaggerUiAssets.length))
        : fileAnswer(folder, rest),
    docs: htmlPage(folder, swaggerUi === undefined ? 'docs-unavailable.html' : 'docs.html'),
    openapi: openapiHandler(apiToken),
  };
}
