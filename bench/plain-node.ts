/**
 * The machine's limit: plain node:http, nothing else, doing the least each operation
 * can do. A read sends the article's JSON serialised once; a key write parses the body, sets the
 * key, stamps `updated_at`, serialises the article and answers it. No routing beyond a prefix test,
 * no checks, no log. The runner passes the article (taken from the mock in the same run) in
 * BENCH_ARTICLE, and PORT.
 */
import { createServer } from 'node:http';

interface Article {
  data: Record<string, unknown>;
  updated_at?: string;
}

const article = JSON.parse(process.env.BENCH_ARTICLE ?? '{"data":{}}') as Article;
const articleBody = JSON.stringify(article);
const articlePath = '/admin/api/articles/1';
const keyPrefix = `${articlePath}/data/`;

createServer((request, response) => {
  const url = request.url ?? '';
  if (request.method === 'GET' && url === articlePath) {
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(articleBody);
    return;
  }
  if (request.method === 'PUT' && url.startsWith(keyPrefix)) {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { value } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { value?: unknown };
      article.data[decodeURIComponent(url.slice(keyPrefix.length))] = value;
      article.updated_at = new Date().toISOString();
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(article));
    });
    return;
  }
  response.writeHead(404).end();
}).listen(Number(process.env.PORT ?? 4030), '127.0.0.1');
