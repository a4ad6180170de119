/**
 * The reads of the untouched-keys check (untouched-keys.ts): the read after a check is sent afresh, so a change another
 * article's write made here (a target that misroutes writes) is seen even when the suite sent
 * nothing to this article since its last read; the read before a check may be that last read.
 */
import { closeHostileTargets, httpTarget } from '../test-support/hostile-targets';
import { readDataQuietly } from './untouched-keys';
import { Client } from './http/client';

afterAll(closeHostileTargets);

/** A target whose article 1 shows `data`, changed by the test behind the suite's back. */
async function articleTarget() {
  const state = { data: { kept: 1 } as Record<string, unknown>, reads: 0 };
  const base = await httpTarget((request, response) => {
    response.setHeader('Content-Type', 'application/json');
    if (request.method === 'GET' && request.url === '/admin/api/articles/1') state.reads += 1;
    response.end(JSON.stringify({ id: 1, data: state.data }));
  });
  return { client: new Client(base), state };
}

test('the read after a check sees a change the suite did not send, where the last read would not', async () => {
  const { client, state } = await articleTarget();
  expect((await readDataQuietly(client, 1, 'settled'))?.data).toEqual({ kept: 1 });
  state.data = { kept: 1, leaked: 'from article 2' };
  expect((await readDataQuietly(client, 1, 'settled'))?.data).toEqual({ kept: 1 });
  expect((await readDataQuietly(client, 1, 'fresh'))?.data).toEqual({ kept: 1, leaked: 'from article 2' });
  expect(state.reads).toBe(2);
});
