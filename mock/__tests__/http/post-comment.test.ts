/**
 * Interface section 4.6 over HTTP: `Content-Type: application/json` and the `comment` envelope are
 * required, fields are validated, and a stored comment is listed and counted.
 */
import request from 'supertest';
import { validateResponse } from 'site-articles-schemas/validation';
import { aComment, commentAddresses, freshApp, jsonType, listComments, pathOf, postJson, readArticle } from './support';

describe('POST comments', () => {
  it.each(commentAddresses(2))('stores a comment posted to %s, lists it first and counts it', async (path) => {
    const app = freshApp();
    const before = await readArticle(app, 2);
    await postJson(app, path, aComment).expect(200);
    const listed = await listComments(app, '/admin/api/articles/2/comments');
    expect(listed[0]).toMatchObject({ author: 'Ada', body: 'A fine read.' });
    expect((await readArticle(app, 2)).comments_count).toBe(before.comments_count + 1);
  });

  it("stores a comment posted to the article's comments_url", async () => {
    const app = freshApp();
    const article = await readArticle(app, 3);
    await postJson(app, pathOf(article.comments_url), aComment).expect(200);
    expect(await listComments(app, '/admin/api/articles/3/comments')).toHaveLength(1);
  });

  it('answers 200 with the comment in the list shape, without the e-mail', async () => {
    const response = await postJson(
      freshApp({ clock: () => new Date('2030-01-02T03:04:05.678Z') }),
      '/admin/api/articles/1/comments',
      aComment,
    ).expect(200);
    expect(response.body).toEqual({ author: 'Ada', body: 'A fine read.', created_at: '2030/01/02 03:04:05 +0000' });
    expect(validateResponse('Comment', response.body, 'strict')).toEqual([]);
  });

  it('lists the later of two comments posted within one second first', async () => {
    const app = freshApp({ clock: () => new Date('2030-01-02T03:04:05.000Z') });
    await postJson(app, '/admin/api/articles/3/comments', { comment: { ...aComment.comment, body: 'first' } }).expect(
      200,
    );
    await postJson(app, '/admin/api/articles/3/comments', { comment: { ...aComment.comment, body: 'second' } }).expect(
      200,
    );
    const listed = await listComments(app, '/admin/api/articles/3/comments');
    expect(listed.map((comment) => comment.body)).toEqual(['second', 'first']);
  });

  it('accepts a charset parameter on the content type', async () => {
    await request(freshApp())
      .post('/admin/api/articles/1/comments')
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify(aComment))
      .expect(200);
  });

  it('never lists the e-mail of a posted comment', async () => {
    const app = freshApp();
    await postJson(app, '/admin/api/articles/1/comments', aComment).expect(200);
    const response = await request(app).get('/admin/api/articles/1/comments').expect(200);
    expect(response.text).not.toContain('ada@example.com');
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['form encoding', 'application/x-www-form-urlencoded'],
  ])('answers 415 for %s and stores nothing', async (_name, type) => {
    const app = freshApp();
    await request(app)
      .post('/admin/api/articles/1/comments')
      .set('Content-Type', type)
      .send(JSON.stringify(aComment))
      .expect(415, { message: 'Content-Type must be application/json.' });
    expect((await readArticle(app, 1)).comments_count).toBe(3);
  });

  it('answers 400 showing the JSON it takes to a post without a body, and stores nothing', async () => {
    const app = freshApp();
    const response = await request(app).post('/admin/api/articles/1/comments').expect(400);
    expect((response.body as { message: string }).message).toBe(
      'The request body is missing: send JSON with Content-Type: application/json, such as {"comment": {"author": "Ada", "author_email": "ada@example.com", "body": "Hello"}}.',
    );
    expect((await readArticle(app, 1)).comments_count).toBe(3);
  });

  it('answers 400 with a JSON message for malformed JSON', async () => {
    const response = await request(freshApp())
      .post('/admin/api/articles/1/comments')
      .set('Content-Type', jsonType)
      .send('{"comment": ')
      .expect(400);
    expect((response.body as { message: string }).message).toMatch(/^Malformed JSON/);
  });

  it.each([
    ['the envelope is missing', aComment.comment, { comment: ['is required but missing'] }],
    [
      'the e-mail is not an address',
      { comment: { ...aComment.comment, author_email: 'ada.example.com' } },
      { 'comment.author_email': ['must match format "email"'] },
    ],
    [
      'the author is blank',
      { comment: { ...aComment.comment, author: '  ' } },
      { 'comment.author': ["can't be blank"] },
    ],
    ['the body is blank', { comment: { ...aComment.comment, body: '' } }, { 'comment.body': ["can't be blank"] }],
    [
      'a field is missing',
      { comment: { author: 'Ada', body: 'x' } },
      { 'comment.author_email': ['is required but missing'] },
    ],
    ['the payload is not an object', null, { body: ['must be object'] }],
  ])('answers 422 naming the field when %s', async (_name, payload, errors) => {
    const app = freshApp();
    const response = await postJson(app, '/admin/api/articles/1/comments', payload).expect(422);
    expect(response.body).toEqual({ message: 'Validation failed.', errors });
    expect((await readArticle(app, 1)).comments_count).toBe(3);
  });

  it('answers 422 listing every problem at once', async () => {
    const response = await postJson(freshApp(), '/admin/api/articles/1/comments', {
      comment: { author: '', author_email: 'x', body: '' },
    }).expect(422);
    expect(Object.keys((response.body as { errors: object }).errors).sort()).toEqual([
      'comment.author',
      'comment.author_email',
      'comment.body',
    ]);
  });

  it('answers 404 for an unknown article', async () => {
    await postJson(freshApp(), '/admin/api/articles/99/comments', aComment).expect(404, { message: 'Not found.' });
  });
});
