/**
 * The workbench's routes without a browser (control API, outside the interface): where `/` and
 * `/__mock` lead, the page's files with their types and nothing outside their folder, the OpenAPI
 * document naming the mock as addressed, and 405 for other methods. The pages themselves are
 * tested in Chromium (workbench.test.ts).
 */
import request from 'supertest';
import openapi from 'site-articles-schemas/openapi.json';
import { freshApp } from '../__tests__/http/support';

describe('the workbench routes', () => {
  it.each(['/', '/__mock'])('redirect %s to the page at /__mock/', async (path) => {
    const response = await request(freshApp()).get(path).expect(302);
    expect(response.headers.location).toBe('/__mock/');
  });

  it('serve the page with the reserved prefix and the control prefix filled in', async () => {
    const response = await request(freshApp()).get('/__mock/').expect(200);
    expect(response.text).toContain('data-reserved-prefix="svc_"');
    expect(response.text).toContain('data-control-prefix="/__mock"');
  });

  it('serve the OpenAPI document with servers set to the address the request used', async () => {
    const response = await request(freshApp()).get('/__mock/openapi.json').set('Host', 'localhost:8080').expect(200);
    const { servers, ...rest } = response.body as { servers: { url: string }[] };
    expect(servers.map((server) => server.url)).toEqual(['http://localhost:8080']);
    const { servers: _generated, ...generated } = openapi;
    expect(rest).toEqual(generated);
  });

  it('name the token writes need in X-Mock-Api-Token beside the OpenAPI document, kept by no cache', async () => {
    const response = await request(freshApp({ token: 'dev-token' }))
      .get('/__mock/openapi.json')
      .expect(200);
    expect(response.headers['x-mock-api-token']).toBe('dev-token');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('name no token when writes need none', async () => {
    const response = await request(freshApp()).get('/__mock/openapi.json').expect(200);
    expect(response.headers).not.toHaveProperty('x-mock-api-token');
  });

  it.each(['/__mock/openapi.json', '/__mock/docs', '/__mock/journal/stream'])(
    'answer 405 with Allow to a POST to %s',
    async (path) => {
      const response = await request(freshApp()).post(path).expect(405);
      expect(response.headers.allow).toBe('GET, HEAD');
    },
  );

  it.each([
    ['main.js', 'text/javascript; charset=utf-8'],
    ['workbench.css', 'text/css; charset=utf-8'],
  ])('serve the file %s with its type', async (name, type) => {
    const response = await request(freshApp()).get(`/__mock/assets/${name}`).expect(200);
    expect(response.headers['content-type']).toBe(type);
  });

  it.each([
    '/__mock/assets/..%2F..%2Fpackage.json',
    '/__mock/assets/%2e%2e/routes.ts',
    '/__mock/assets/%2Fetc%2Fpasswd',
    '/__mock/assets/page/..%5C..%5Croutes.ts',
    '/__mock/assets/.hidden',
    '/__mock/assets/',
    '/__mock/assets/missing.js',
  ])('answer 404 to %s, which names no file of the folder', async (path) => {
    await request(freshApp()).get(path).expect(404, { message: 'Not found.' });
  });

  it('answer 400 to a file name with malformed percent-encoding', async () => {
    await request(freshApp()).get('/__mock/assets/%E0%A4%A.js').expect(400);
  });
});
