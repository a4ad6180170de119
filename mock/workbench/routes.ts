/**
 * The workbench under the control API (outside the interface): the page at `/__mock/` (plain
 * files in `page/`, no build step), the OpenAPI document at `/__mock/openapi.json` with `servers`
 * naming the mock as the request reached it, and `/__mock/docs`, Swagger UI served from the
 * project's own node_modules. Nothing here is fetched from another host. Swagger UI is an optional
 * peer of the package (a project that wants only the handlers does not install it): without it,
 * `/__mock/docs` says how to add it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import express, { type Router } from 'express';
import { reservedKeyPrefix } from 'site-articles-schemas';
import openapi from 'site-articles-schemas/openapi.json';
import { baseUrl } from '../core/base-url';
import { controlPrefix } from '../core/control-table';
import { plainRequest } from '../adapters/node-request';

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

/** The page's HTML with the catalogue's reserved prefix and the control API's prefix filled in, so the page restates neither. */
function pageHtml(folder: string, name: string): string {
  return readFileSync(join(folder, name), 'utf8')
    .replaceAll('{{reservedKeyPrefix}}', reservedKeyPrefix)
    .replaceAll('{{controlPrefix}}', controlPrefix);
}

export function workbenchRouter(): Router {
  const router = express.Router();
  const folder = pageFolder();
  const html = (name: string): express.RequestHandler => {
    let text: string | undefined;
    return (_request, response) => {
      text ??= pageHtml(folder, name);
      response.type('html').set('Cache-Control', 'no-store').send(text);
    };
  };
  // Relative links in the page need the trailing slash: `/__mock` goes to `/__mock/`.
  router.get('/', (request, response, next) => {
    if (request.originalUrl.split('?')[0]?.endsWith('/') === true) next();
    else response.redirect(302, `${request.originalUrl.split('?')[0] ?? ''}/`);
  });
  router.get('/', html('index.html'));
  const swaggerUi = swaggerUiFolder();
  router.get('/docs', html(swaggerUi === undefined ? 'docs-unavailable.html' : 'docs.html'));
  router.get('/openapi.json', (request, response) => {
    response.json({ ...openapi, servers: [{ url: baseUrl(plainRequest(request)), description: 'This mock' }] });
  });
  // Under `/assets/`, which the security guard serves without the control token: files holding no state.
  if (swaggerUi !== undefined) router.use('/assets/swagger-ui', express.static(swaggerUi, { index: false }));
  router.use('/assets', express.static(folder, { index: false }));
  return router;
}
