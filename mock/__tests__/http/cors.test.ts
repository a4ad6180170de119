/**
 * CORS: a page on another origin (a dev server on :5173) calls every operation from a browser,
 * including the preflighted PUT and DELETE with `X-API-TOKEN` and `Content-Type: application/json`.
 */
import request from 'supertest';
import type { Express } from 'express';
import { freshApp, origin } from './support';

const list = (header: unknown): string[] =>
  String(header)
    .split(',')
    .map((part) => part.trim().toLowerCase());

function preflight(app: Express, path: string, method: string, from = origin): request.Test {
  return request(app)
    .options(path)
    .set('Origin', from)
    .set('Access-Control-Request-Method', method)
    .set('Access-Control-Request-Headers', 'x-api-token,content-type');
}

describe('preflight from a dev server', () => {
  it.each([
    ['PUT', '/admin/api/articles/1'],
    ['PUT', '/admin/api/articles/1/data/colour'],
    ['DELETE', '/admin/api/articles/1/data/colour'],
    ['POST', '/admin/api/articles/1/comments'],
  ])('allows %s %s with X-API-TOKEN and Content-Type', async (method, path) => {
    const response = await preflight(freshApp({ token: 't' }), path, method).expect(204);
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(list(response.headers['access-control-allow-methods'])).toContain(method.toLowerCase());
    expect(list(response.headers['access-control-allow-headers'])).toEqual(
      expect.arrayContaining(['x-api-token', 'content-type']),
    );
  });

  it('lets the browser cache the preflight for 600 seconds', async () => {
    const response = await preflight(freshApp(), '/admin/api/articles/1', 'PUT').expect(204);
    expect(response.headers['access-control-max-age']).toBe('600');
  });
});

describe('answers to another origin', () => {
  it('allows the origin and exposes the paging and ignored-fields headers', async () => {
    const response = await request(freshApp()).get('/admin/api/articles/1/comments').set('Origin', origin).expect(200);
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(list(response.headers['access-control-expose-headers'])).toEqual(
      expect.arrayContaining(['link', 'x-total-entries', 'x-total-pages', 'x-mock-ignored-fields']),
    );
  });

  it('allows only the configured origins when some are configured', async () => {
    const app = freshApp({ corsOrigins: [origin] });
    const allowed = await preflight(app, '/admin/api/articles/1', 'PUT');
    expect(allowed.headers['access-control-allow-origin']).toBe(origin);
    const refused = await preflight(app, '/admin/api/articles/1', 'PUT', 'http://evil.example');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const read = await request(app).get('/admin/api/articles/1').set('Origin', 'http://evil.example');
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
});
