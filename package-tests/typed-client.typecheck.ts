/**
 * Type test of the generated `paths` (schemas/generated/types/operations.ts, interface section 4), compiled by
 * `npm run typecheck` and never run: each of the six operations is called through openapi-fetch
 * as a client would, and the `@ts-expect-error` lines must stay errors, or the compile fails.
 */
import type { Client } from 'openapi-fetch';
import type { Article, CommentList, paths } from '../schemas/generated/types';

export async function sixTypedCalls(client: Client<paths>): Promise<unknown[]> {
  const path = { article_id: 1 };
  const read = await client.GET('/admin/api/articles/{article_id}', { params: { path } });
  const article: Article | undefined = read.data;
  const updated = await client.PUT('/admin/api/articles/{article_id}', {
    params: { path },
    body: { article: { data: { colour: 'red' } } },
  });
  const data: Record<string, unknown> | undefined = updated.data?.data;
  await client.PUT('/admin/api/articles/{article_id}/data/{key}', {
    params: { path: { article_id: 1, key: 'colour' } },
    body: { value: ['any', 'JSON', 1] },
  });
  await client.DELETE('/admin/api/articles/{article_id}/data/{key}', {
    params: { path: { article_id: 1, key: 'colour' } },
  });
  const listed = await client.GET('/admin/api/site/articles/{article_id}/comments.json', { params: { path } });
  const comments: CommentList | undefined = listed.data;
  await client.POST('/admin/api/site/articles/{article_id}/comments.json', {
    params: { path },
    body: { comment: { author: 'Ann', author_email: 'ann@example.com', body: 'Hello' } },
  });
  return [article, data, comments];
}

export async function refusedCalls(client: Client<paths>): Promise<void> {
  const path = { article_id: 1 };
  // @ts-expect-error a comment needs author, author_email and body inside `comment`
  await client.POST('/admin/api/site/articles/{article_id}/comments.json', { params: { path }, body: { body: 'x' } });
  // @ts-expect-error the set-a-key body is `{ value }`, not a bare value
  await client.PUT('/admin/api/articles/{article_id}/data/{key}', { params: { path: { ...path, key: 'k' } }, body: 1 });
  // @ts-expect-error no such path: the interface lists comments under /site/articles/.../comments.json
  await client.GET('/admin/api/articles/{article_id}/comments', { params: { path } });
  // @ts-expect-error the interface has no DELETE of an article
  await client.DELETE('/admin/api/articles/{article_id}', { params: { path } });
  // @ts-expect-error article_id is an integer, not a string
  await client.GET('/admin/api/articles/{article_id}', { params: { path: { article_id: '1' } } });
  // @ts-expect-error the data key is part of the path and cannot be left out
  await client.DELETE('/admin/api/articles/{article_id}/data/{key}', { params: { path } });
}

/**
 * The error side: every operation's `error` is the API family's body as the
 * mock answers it, so `error.message` is a string and a 422's `errors` lists fields, with no cast.
 */
export async function typedErrors(client: Client<paths>): Promise<string[]> {
  const path = { article_id: 1 };
  const read = await client.GET('/admin/api/articles/{article_id}', { params: { path } });
  const refused = await client.POST('/admin/api/site/articles/{article_id}/comments.json', {
    params: { path },
    body: { comment: { author: '', author_email: 'ann@example.com', body: 'Hello' } },
  });
  const removed = await client.DELETE('/admin/api/articles/{article_id}/data/{key}', {
    params: { path: { article_id: 1, key: 'svc_import_source' } },
  });
  const messages: (string | undefined)[] = [read.error?.message, refused.error?.message, removed.error?.message];
  const fields: Record<string, string[]> | undefined = refused.error?.errors;
  // @ts-expect-error the family's error body has a message, not a code
  const code: unknown = removed.error?.code;
  return [...messages, ...Object.keys(fields ?? {}), String(code)].filter((text) => text !== undefined);
}
