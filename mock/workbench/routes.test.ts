/**
 * The workbench's routes without a browser (control API, outside the interface): where `/` and
 * `/__mock` lead, the OpenAPI document naming the mock as addressed, and 405 for other methods.
 * The pages themselves are tested in Chromium (workbench.test.ts).
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

  it.each(['/__mock/openapi.json', '/__mock/docs', '/__mock/journal/stream'])(
    'answer 405 with Allow to a POST to %s',
    async (path) => {
      const response = await request(freshApp()).post(path).expect(405);
      expect(response.headers.allow).toBe('GET, HEAD');
    },
  );
});
