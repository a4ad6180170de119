/**
 * Small helpers shared by the mock's HTTP tests. They build requests only through the public
 * entry point (`createApp`) and supertest, so every test exercises the mock over HTTP.
 */
import { fillPath, pathsOf } from 'site-articles-schemas/conformance';
import request from 'supertest';
import type { Express } from 'express';
import { createApp, nodeListener, type MockApp, type MockOptions, type SiteFixture } from '../../index';
import { serve } from '../proxy/servers';
import type { Article, Comment } from 'site-articles-schemas/types';

export const jsonType = 'application/json';
export const origin = 'http://localhost:5173';

/** A fresh mock per test: no state leaks from one test into the next. */
export function freshApp(options: MockOptions = {}): Express {
  return createApp(options).app;
}

/** The built-in sample site in fixture form, to derive other fixtures from. */
export function sampleSite(): SiteFixture {
  return createApp().state();
}

export async function readArticle(app: Express, id = 1): Promise<Article> {
  const response = await request(app).get(`/admin/api/articles/${id}`).expect(200);
  return response.body as Article;
}

export async function listComments(app: Express, path: string): Promise<Comment[]> {
  const response = await request(app).get(path).expect(200);
  return response.body as Comment[];
}

export function putJson(app: Express, path: string, body: unknown): request.Test {
  return request(app).put(path).set('Content-Type', jsonType).send(JSON.stringify(body));
}

export function postJson(app: Express, path: string, body: unknown): request.Test {
  return request(app).post(path).set('Content-Type', jsonType).send(JSON.stringify(body));
}

export const aComment = { comment: { author: 'Ada', author_email: 'ada@example.com', body: 'A fine read.' } };

/** Every comment list address of the one route table (4.5, 2.1's comments_url forms, the official clients'). */
export const commentAddresses = (id: number): string[] =>
  pathsOf('listComments').map(({ path }) => fillPath(path, { article_id: id }));

/** The address part of an absolute URL, to follow the URLs answers carry. */
export const pathOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** A mock listening on a loopback port (node:http, as `npm start` serves it); `closeAll` of ../proxy/servers stops it. */
export async function listeningMock(options: MockOptions = {}): Promise<{ mock: MockApp; base: string }> {
  const mock = createApp(options);
  return { mock, base: await serve(nodeListener(mock)) };
}
