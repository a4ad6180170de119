/** The core's one route list: the interface's rows from the catalogue and the served control rows, each with its handler and facts. */
import { operations } from 'site-articles-schemas/catalogue';
import { pathsOf } from 'site-articles-schemas/conformance';
import { buildMock } from '../app/build-mock';
import { controlsOverHttp } from '../app/control-api';
import { servedControl } from './control-stage';
import { controlRoutes } from './control-table';
import { operationRoutes } from './operation-routes';
import { answerText, plainJsonRequest } from './plain';

const { core } = buildMock(
  {},
  {
    tokenMatches: (given, wanted) => given === wanted,
    control: (built) => servedControl('msw', controlsOverHttp(built)),
  },
);

test('lists each operation at every address the catalogue states first, then each control method the server serves', () => {
  const operationRows = operations.flatMap((operation) =>
    pathsOf(operation.id).map(({ path }) => `${operation.method} ${path} ${operation.id}`),
  );
  const controlRows = controlRoutes
    .filter((route) => route.servedBy.includes('msw'))
    .flatMap((route) => route.methods.map((method) => `${method} ${route.path}`));
  const rows = core.routes.map(
    (route) => `${route.method} ${route.path}${route.operation ? ` ${route.operation.operation.id}` : ''}`,
  );
  expect(rows.slice(0, operationRows.length).sort()).toEqual([...operationRows].sort());
  expect(rows.slice(operationRows.length)).toEqual(controlRows);
});

test.each([
  {
    id: 'readArticle',
    input: { token: false, body: false },
    stages: { waitsForDisk: false, cached: true },
    shape: 'Article',
  },
  {
    id: 'setDataKey',
    input: { token: true, body: true },
    stages: { waitsForDisk: true, cached: false },
    shape: 'DataKeyResponse',
  },
  {
    id: 'deleteDataKey',
    input: { token: true, body: false },
    stages: { waitsForDisk: true, cached: false },
    shape: 'Comment',
  },
  {
    id: 'postComment',
    input: { token: true, body: true },
    stages: { waitsForDisk: true, cached: false },
    shape: 'Comment',
  },
])('the row of $id states its input, its stages and the shape its answer is checked against', ({ id, ...want }) => {
  const row = operationRoutes.find((route) => route.operation.id === id);
  expect(row && { input: row.input, stages: row.stages, shape: row.answerShape }).toEqual(want);
});

test('a row answers through its own handler', async () => {
  const read = core.routes.find((route) => route.operation?.operation.id === 'readArticle');
  const answer = await read?.handler(
    plainJsonRequest('GET', '/admin/api/articles/1', undefined, { host: 'mock.test' }),
    { path: '/admin/api/articles/1', search: '', rawParams: { article_id: '1' } },
    {},
  );
  expect([answer?.status, answer && (JSON.parse(answerText(answer)) as { id: number }).id]).toEqual([200, 1]);
});
