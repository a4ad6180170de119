/**
 * The stand-in for the docs' example deployment (`https://admin.example.com`, article 42): the mock
 * from this repository's build, serving the sample site with article 42 beside its own, a copy of
 * article 1 and its comments. Started the first time a block names the deployment.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type Server } from '../../package-tests/child-processes';

interface Site {
  articles: { id: number; path: string }[];
  comments: { article_id: number }[];
}

const root = join(__dirname, '..', '..');

/** The sample site with article 1 copied as article 42 (its comments too). */
export function standInSite(): Site {
  const site = JSON.parse(readFileSync(join(root, 'mock', 'fixtures', 'sample-site.json'), 'utf8')) as Site;
  const first = site.articles.find((article) => article.id === 1);
  if (!first) throw new Error('the sample site has no article 1');
  site.articles.push({ ...first, id: 42, path: `${first.path}-42` });
  const comments = site.comments.filter((comment) => comment.article_id === 1);
  site.comments.push(...comments.map((comment) => ({ ...comment, article_id: 42 })));
  return site;
}

export function startStandIn(folder: string): Promise<Server> {
  const fixture = join(folder, 'stand-in-site.json');
  writeFileSync(fixture, JSON.stringify(standInSite()));
  const cli = join(root, 'mock', 'dist', 'cli.js');
  return startServer(process.execPath, [cli, '--port', '0', '--quiet', '--fixtures', fixture], folder);
}
