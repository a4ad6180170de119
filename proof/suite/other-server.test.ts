/**
 * The suite never fails a conformant target for choices the interface leaves open: a server
 * written apart from the mock, with other choices (other-server.ts), passes the fixed checks and
 * the random sequences, and keeps its data as found.
 */
import { runChecks } from '../../contract-tests/runner';
import { explore } from '../../contract-tests/explore/explore';
import { startOtherServer } from './other-server';

const readData = async (baseUrl: string, id: number): Promise<unknown> =>
  ((await (await fetch(`${baseUrl}/admin/api/articles/${String(id)}`)).json()) as { data: unknown }).data;

test('a conformant server with other open choices passes every fixed check and keeps its data', async () => {
  const { baseUrl, server } = await startOtherServer();
  try {
    const before = [await readData(baseUrl, 1), await readData(baseUrl, 2)];
    const report = await runChecks({ baseUrl, articleIds: [1, 2] });
    expect(report.results.filter((result) => result.outcome === 'failed').map((result) => result.detail)).toEqual([]);
    expect([await readData(baseUrl, 1), await readData(baseUrl, 2)]).toEqual(before);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}, 60_000);

test('a conformant server with other open choices passes the random sequences', async () => {
  const { baseUrl, server } = await startOtherServer();
  try {
    const report = await explore({ baseUrl, articleIds: [1] }, { runs: 30, seed: 11, comments: true, readOnly: false });
    expect(report.failure).toBeUndefined();
  } finally {
    server.closeAllConnections();
    server.close();
  }
}, 60_000);
