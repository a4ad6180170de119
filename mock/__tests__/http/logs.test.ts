/** The request log: one line per request (method, path, status, time), off when no logger is given. */
import request from 'supertest';
import { freshApp } from './support';

afterEach(() => {
  jest.restoreAllMocks();
});

describe('request log', () => {
  it('writes one line per request with method, path, status and time', async () => {
    const lines: string[] = [];
    const app = freshApp({ log: (line) => lines.push(line) });
    await request(app).get('/admin/api/articles/1?x=1').expect(200);
    await request(app).delete('/admin/api/articles/1/data/missing').expect(404);
    await request(app).get('/__mock/state').expect(200);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^GET \/admin\/api\/articles\/1\?x=1 200 \d+\.\dms$/);
    expect(lines[1]).toMatch(/^DELETE \/admin\/api\/articles\/1\/data\/missing 404 \d+\.\dms$/);
    expect(lines[2]).toMatch(/^GET \/__mock\/state 200 /);
  });

  it('masks a token given in the query', async () => {
    const lines: string[] = [];
    const app = freshApp({ token: 'abcdef', log: (line) => lines.push(line) });
    await request(app).delete('/admin/api/articles/1/data/featured?api_token=abcdef').expect(204);
    expect(lines[0]).not.toContain('abcdef');
  });

  it('writes nothing when no logger is given', async () => {
    const spies = [jest.spyOn(console, 'log'), jest.spyOn(console, 'info'), jest.spyOn(process.stdout, 'write')];
    await request(freshApp()).get('/admin/api/articles/1').expect(200);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});
