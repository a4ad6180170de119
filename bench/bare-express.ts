/**
 * The baseline of every ratio: a bare Express 5 app, defaults untouched (ETag on), answering the
 * same article and the same comment list as the mock with `res.json`, and doing the three writes
 * the plainest way (express.json, change an object, res.json). The runner passes the article and
 * the list (taken from the mock in the same run) in BENCH_ARTICLE and BENCH_COMMENTS, and PORT.
 */
import express from 'express';

interface Article {
  data: Record<string, unknown>;
}

const article = JSON.parse(process.env.BENCH_ARTICLE ?? '{"data":{}}') as Article;
const comments = JSON.parse(process.env.BENCH_COMMENTS ?? '[]') as unknown[];
const app = express();

app.get('/admin/api/articles/:id', (_request, response) => {
  response.json(article);
});
app.put('/admin/api/articles/:id', express.json(), (request, response) => {
  const { data } = (request.body as { article: { data?: Record<string, unknown> } }).article;
  if (data) article.data = { ...data };
  response.json(article);
});
app.put('/admin/api/articles/:id/data/:key', express.json(), (request, response) => {
  article.data[request.params.key] = (request.body as { value?: unknown }).value;
  response.json(article);
});
app.get('/admin/api/articles/:id/comments', (_request, response) => {
  response.json(comments);
});
app.post('/admin/api/articles/:id/comments', express.json(), (request, response) => {
  const { author, body } = (request.body as { comment: { author: string; body: string } }).comment;
  const comment = { body, author, created_at: '2025/05/05 10:00:00 +0000' };
  comments.push(comment);
  response.json(comment);
});

app.listen(Number(process.env.PORT ?? 4020), '127.0.0.1');
