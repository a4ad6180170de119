/**
 * A second conformant server, written apart from the mock (no code of mock/ in it) and making
 * other choices where the interface leaves them open: a full update merges (the mock replaces),
 * answers are `application/hal+json`, lists are oldest first, a post answers 201 with
 * `{ "comment": ... }`, refused reserved writes answer 403 with its own error body, removing an
 * absent key answers 204, articles carry an extra field, and every write also stamps the page.
 * The contract suite must pass it (other-server.test.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

type Json = Record<string, unknown>;
interface Stored {
  article: Json;
  data: Json;
  comments: Json[];
}

const stamp = (n: number): string => new Date(Date.UTC(2025, 0, 1, 8, 0, n)).toISOString();
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function seed(id: number, data: Json, comments: number): Stored {
  return {
    article: {
      id,
      title: `Article ${String(id)}`,
      path: `blog/article-${String(id)}`,
      publishing: false,
      published: true,
      created_at: stamp(1),
      updated_at: stamp(2),
      published_at: stamp(3),
      page: {
        id: 7,
        title: 'Blog',
        content_type: 'blog',
        created_at: stamp(1),
        updated_at: stamp(1),
        published_at: stamp(1),
      },
      language: { id: 3, code: 'et', title: 'Eesti', created_at: stamp(1), updated_at: stamp(1) },
      author: { id: 5, name: 'Mari' },
      autosaved_title: `Article ${String(id)}`,
      excerpt: 'Short.',
      autosaved_excerpt: 'Short.',
      body: '<p>Long.</p>',
      autosaved_body: '<p>Long.</p>',
      tag_names: ['news'],
      summary: 'a field the interface does not list',
    },
    data,
    comments: Array.from({ length: comments }, (_, index) => ({
      author: `Reader ${String(index)}`,
      body: `Comment ${String(index)}`,
      created_at: `2025/01/0${String(index + 1)} 10:00:00 +0000`,
    })),
  };
}

function present(stored: Stored, base: string): Json {
  const id = String(stored.article.id);
  const self = `${base}/admin/api/articles/${id}`;
  const page = { ...(stored.article.page as Json), url: `${base}/admin/api/pages/7` };
  return {
    ...stored.article,
    page,
    language: { ...(stored.article.language as Json), url: `${base}/admin/api/languages/3` },
    author: { ...(stored.article.author as Json), url: `${base}/admin/api/people/5` },
    data: { ...stored.data },
    comments_count: stored.comments.length,
    url: self,
    public_url: `${base}/${String(stored.article.path)}`,
    contents_url: `${self}/contents`,
    comments_url: `${self}/comments`,
  };
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  response.statusCode = status;
  if (body === undefined) {
    response.end();
    return;
  }
  response.setHeader('Content-Type', 'application/hal+json');
  response.end(JSON.stringify(body));
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function touch(stored: Stored, clock: { n: number }): void {
  clock.n += 1;
  stored.article.updated_at = stamp(10 + clock.n);
  (stored.article.page as Json).updated_at = stamp(10 + clock.n);
}

export function startOtherServer(): Promise<{ baseUrl: string; server: Server }> {
  const articles = new Map([
    [1, seed(1, { svc_origin: 'import', colour: 'blue' }, 2)],
    [2, seed(2, {}, 0)],
  ]);
  const clock = { n: 0 };
  const handle = async (request: IncomingMessage): Promise<[number, unknown?]> => {
    const base = `http://${request.headers.host ?? ''}`;
    const path = new URL(request.url ?? '/', base).pathname;
    const match =
      /^\/admin\/api\/(?:site\/articles?\/(\d+)\/comments\.json|articles\/(\d+)(\/comments|\/data\/([^/]+))?)$/.exec(
        path,
      );
    const stored = articles.get(Number(match?.[1] ?? match?.[2]));
    if (!match || !stored) return [404, { error: 'not found' }];
    const key = match[4] === undefined ? undefined : decodeURIComponent(match[4]);
    const payload = request.method === 'PUT' || request.method === 'POST' ? await bodyOf(request) : undefined;
    const isList = match[1] !== undefined || match[3] === '/comments';
    if (isList && request.method === 'GET') return [200, stored.comments];
    if (isList && request.method === 'POST') {
      const comment = isRecord(payload) && isRecord(payload.comment) ? payload.comment : undefined;
      if (!comment || typeof comment.author !== 'string' || typeof comment.body !== 'string')
        return [422, { error: 'comment needs author and body' }];
      const listed = { author: comment.author, body: comment.body, created_at: '2025/02/01 12:00:00 +0000' };
      stored.comments.push(listed);
      return [201, { comment: listed }];
    }
    if (key !== undefined && key.startsWith('svc_')) return [403, { error: 'reserved' }];
    if (key !== undefined && request.method === 'PUT') {
      if (!isRecord(payload) || !('value' in payload)) return [422, { error: 'value missing' }];
      stored.data[key] = payload.value;
      touch(stored, clock);
      return [200, present(stored, base)];
    }
    if (key !== undefined && request.method === 'DELETE') {
      if (key in stored.data) touch(stored, clock);
      stored.data = Object.fromEntries(Object.entries(stored.data).filter(([name]) => name !== key));
      return [204];
    }
    if (request.method === 'GET') return [200, present(stored, base)];
    if (request.method !== 'PUT') return [405, { error: 'method' }];
    const article = isRecord(payload) && isRecord(payload.article) ? payload.article : undefined;
    if (!article) return [422, { error: 'article missing' }];
    if (isRecord(article.data))
      for (const [name, value] of Object.entries(article.data)) if (!name.startsWith('svc_')) stored.data[name] = value;
    touch(stored, clock);
    return [200, present(stored, base)];
  };
  const server = createServer((request, response) => {
    void handle(request).then(([status, body]) => {
      send(response, status, body);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        baseUrl: `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`,
        server,
      });
    });
  });
}
