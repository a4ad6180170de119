/**
 * Validation of the mock's own answers: in development and test every answer is checked against
 * the strict schemas, and a rule that produces a broken answer makes the mock fail loudly with a
 * 500 naming the problem, never ship it silently.
 */
import request from 'supertest';
import { aComment, freshApp, postJson, putJson } from './support';

const brokenArticle = { id: 'one', title: 'No addresses' };

let errorLog: jest.SpyInstance;
beforeEach(() => {
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  errorLog.mockRestore();
});

describe('with response validation on', () => {
  it('answers 500 naming every broken field of a broken article', async () => {
    const app = freshApp({
      validateResponses: true,
      rules: { readArticle: () => ({ status: 200, body: brokenArticle }) },
    });
    const response = await request(app).get('/admin/api/articles/1').expect(500);
    const body = response.body as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe('The mock produced an answer that breaks the interface.');
    expect(body.errors.id).toEqual(['must be integer']);
    expect(body.errors.url).toEqual(['is required but missing']);
  });

  it('answers 500 when a set-key answer lacks language.url', async () => {
    const real = await putJson(freshApp(), '/admin/api/articles/1/data/x', { value: 1 }).expect(200);
    const body = real.body as { language: Record<string, unknown> };
    delete body.language.url;
    const app = freshApp({ validateResponses: true, rules: { setDataKey: () => ({ status: 200, body }) } });
    const response = await putJson(app, '/admin/api/articles/1/data/x', { value: 1 }).expect(500);
    expect((response.body as { errors: object }).errors).toEqual({ 'language.url': ['is required but missing'] });
  });

  it('answers 500 when a posted comment comes back with an e-mail', async () => {
    const app = freshApp({
      validateResponses: true,
      rules: {
        postComment: () => ({ status: 200, body: { ...aComment.comment, created_at: '2030/01/01 00:00:00 +0000' } }),
      },
    });
    const response = await postJson(app, '/admin/api/articles/1/comments', aComment).expect(500);
    expect((response.body as { errors: object }).errors).toEqual({ author_email: ['is not a field of this shape'] });
  });

  it('logs the problem for the developer', async () => {
    const app = freshApp({
      validateResponses: true,
      rules: { readArticle: () => ({ status: 200, body: brokenArticle }) },
    });
    await request(app).get('/admin/api/articles/1').expect(500);
    expect(errorLog).toHaveBeenCalled();
  });

  it('is on by default outside production', async () => {
    const app = freshApp({ rules: { readArticle: () => ({ status: 200, body: brokenArticle }) } });
    await request(app).get('/admin/api/articles/1').expect(500);
  });
});

describe('with response validation off', () => {
  it('is off by default in production', async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const app = freshApp({ rules: { readArticle: () => ({ status: 200, body: brokenArticle }) } });
      await request(app).get('/admin/api/articles/1').expect(200, brokenArticle);
    } finally {
      process.env.NODE_ENV = previous;
    }
  });

  it('sends what the rule produced', async () => {
    const app = freshApp({
      validateResponses: false,
      rules: { readArticle: () => ({ status: 200, body: brokenArticle }) },
    });
    await request(app).get('/admin/api/articles/1').expect(200, brokenArticle);
  });
});
