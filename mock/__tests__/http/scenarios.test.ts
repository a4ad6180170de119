/**
 * Named scenarios over the control API of a listening mock (node:http on a loopback port): saved
 * from the current state or given in file form, listed, given back, and served again with
 * `POST /__mock/reset {"scenario": name}`, site and faults alike (docs/scenarios.md).
 */
import type { Faults } from '../../core/faults';
import { createApp, type MockOptions } from '../../index';
import { closeAll } from '../proxy/servers';
import { listeningMock } from './support';

let base = '';
let mock: ReturnType<typeof createApp>;

async function start(options: MockOptions = {}): Promise<void> {
  ({ mock, base } = await listeningMock(options));
}
afterEach(closeAll);
// The first request builds the schemas' validators, which on a busy machine takes seconds.
jest.setTimeout(30_000);

const json = { 'Content-Type': 'application/json' };
const send = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> => {
  const answer = await fetch(`${base}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: json, body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return { status: answer.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
};
const colourOf = async (id: number): Promise<unknown> =>
  ((await send('GET', `/admin/api/articles/${String(id)}`)).body as { data: Record<string, unknown> }).data.colour;

/** The sample site with article 1's data holding only `colour: teal` and a reserved key. */
function tealSite(): unknown {
  const site = createApp().state();
  const first = site.articles.find((article) => article.id === 1);
  if (first) first.data = { colour: 'teal', svc_import_source: 'x' };
  return site;
}

describe('scenarios over the control API', () => {
  beforeEach(() => start());

  test('the current site and faults saved under a name are served again by a reset to it', async () => {
    await send('PUT', '/admin/api/articles/2/data/colour', { value: 'saved' });
    const faults: Faults = { failure: { status: 503, rate: 1, operation: 'postComment' } };
    await send('PUT', '/__mock/faults', faults);
    expect((await send('POST', '/__mock/scenarios', { name: 'half-broken' })).status).toBe(201);
    await send('POST', '/__mock/reset');
    await send('DELETE', '/__mock/faults');
    await send('PUT', '/admin/api/articles/2/data/colour', { value: 'later' });
    expect((await send('POST', '/__mock/reset', { scenario: 'half-broken' })).status).toBe(204);
    expect(mock.journal({ path: '/data/colour' })).toEqual([]);
    expect([await colourOf(2), mock.faults()]).toEqual(['saved', faults]);
  });

  test('a scenario put in file form is listed, given back, and served with its latency', async () => {
    const scenario = { site: tealSite(), faults: { delayMs: 5 } };
    expect((await send('PUT', '/__mock/scenarios/teal', scenario)).status).toBe(204);
    expect((await send('GET', '/__mock/scenarios/teal')).body).toEqual(scenario);
    await send('POST', '/__mock/reset', { scenario: 'teal' });
    expect(await colourOf(1)).toBe('teal');
    expect(mock.faults()).toEqual({ delayMs: 5 });
    expect((await send('GET', '/__mock/scenarios')).body).toEqual([
      { name: 'default', inForce: false, faults: {} },
      { name: 'teal', inForce: true, faults: { delayMs: 5 } },
    ]);
  });

  test('a plain reset after choosing a scenario goes back to that scenario’s site', async () => {
    await send('PUT', '/__mock/scenarios/teal', { site: tealSite() });
    await send('POST', '/__mock/reset', { scenario: 'teal' });
    await send('PUT', '/admin/api/articles/1/data/colour', { value: 'red' });
    await send('POST', '/__mock/reset');
    expect(await colourOf(1)).toBe('teal');
  });

  test('a refused scenario answers 422 naming each field and changes nothing', async () => {
    const before = mock.state();
    const bad = { site: { pages: [] }, faults: { delayMs: -1 }, extra: 1 };
    const answer = await send('PUT', '/__mock/scenarios/bad', bad);
    expect(answer.status).toBe(422);
    expect(Object.keys((answer.body as { errors: object }).errors).sort()).toEqual([
      'faults.delayMs',
      'scenario',
      'site',
    ]);
    expect((await send('GET', '/__mock/scenarios')).body).toEqual([{ name: 'default', inForce: true, faults: {} }]);
    expect(mock.state()).toEqual(before);
  });

  test('an unknown scenario is 404 naming those there are; a bad name is 422', async () => {
    const reset = await send('POST', '/__mock/reset', { scenario: 'nope' });
    expect(reset).toEqual({
      status: 404,
      body: { message: 'scenario: there is no scenario named "nope"; there are: default' },
    });
    expect((await send('GET', '/__mock/scenarios/nope')).status).toBe(404);
    const badName = await send('POST', '/__mock/scenarios', { name: '../etc' });
    expect([badName.status, Object.keys((badName.body as { errors: object }).errors)]).toEqual([422, ['name']]);
    expect((await send('POST', '/__mock/scenarios', {})).status).toBe(422);
  });

  test('a removed scenario is no longer listed; default cannot be removed', async () => {
    await send('POST', '/__mock/scenarios', { name: 'kept' });
    expect((await send('DELETE', '/__mock/scenarios/kept')).status).toBe(204);
    expect((await send('DELETE', '/__mock/scenarios/default')).status).toBe(422);
    expect(((await send('GET', '/__mock/scenarios')).body as { name: string }[]).map((each) => each.name)).toEqual([
      'default',
    ]);
  });

  test('default cannot be replaced, by a save or a put: 422 naming the name, and default stays the start', async () => {
    await send('PUT', '/admin/api/articles/1/data/colour', { value: 'changed' });
    const saved = await send('POST', '/__mock/scenarios', { name: 'default' });
    const put = await send('PUT', '/__mock/scenarios/default', { site: tealSite() });
    expect([saved.status, put.status]).toEqual([422, 422]);
    expect((saved.body as { errors: { name: string[] } }).errors.name[0]).toMatch(/"default" stays/);
    await send('POST', '/__mock/reset', { scenario: 'default' });
    expect(await colourOf(1)).toBeUndefined();
  });

  test('a fixture loaded another way leaves no scenario in force', async () => {
    await send('PUT', '/__mock/fixture', tealSite());
    expect((await send('GET', '/__mock/scenarios')).body).toEqual([{ name: 'default', inForce: false, faults: {} }]);
  });
});

describe('the number of scenarios', () => {
  test('past the bound, saving a new scenario answers 409 saying how to remove one; replacing one, or removing one, makes it go', async () => {
    await start({ maxScenarios: 3 });
    for (const name of ['one', 'two']) expect((await send('POST', '/__mock/scenarios', { name })).status).toBe(201);
    expect(await send('POST', '/__mock/scenarios', { name: 'three' })).toEqual({
      status: 409,
      body: {
        message: 'The mock already holds 3 scenarios, its most: remove one with DELETE /__mock/scenarios/<name> first.',
      },
    });
    expect((await send('PUT', '/__mock/scenarios/two', { site: tealSite() })).status).toBe(204);
    await send('DELETE', '/__mock/scenarios/one');
    expect((await send('PUT', '/__mock/scenarios/three', { site: tealSite() })).status).toBe(204);
    expect(mock.scenarios().map((each) => each.name)).toEqual(['default', 'two', 'three']);
  });

  test('an unknown name’s 404 names the first five scenarios and how many there are, not every one', async () => {
    await start();
    for (const name of ['b', 'c', 'd', 'e', 'f', 'g', 'h']) await send('POST', '/__mock/scenarios', { name });
    expect((await send('GET', '/__mock/scenarios/nope')).body).toEqual({
      message:
        'scenario: there is no scenario named "nope"; there are 8: default, b, c, d, e and 3 more (GET /__mock/scenarios lists them)',
    });
  });
});

describe('scenarios given to createApp', () => {
  test('the one named at start is served, and default is still the fixture and faults of the options', async () => {
    await start({ faults: { delayMs: 1 }, scenarios: { teal: { site: tealSite() } }, scenario: 'teal' });
    expect(await colourOf(1)).toBe('teal');
    expect(mock.faults()).toEqual({});
    mock.useScenario('default');
    expect([await colourOf(1), mock.faults()]).toEqual([undefined, { delayMs: 1 }]);
  });

  test('a bad scenario, or an unknown one to start with, is refused at start naming it', () => {
    expect(() => createApp({ scenarios: { broken: { site: 1 } } })).toThrow(/site: scenario broken: site/);
    expect(() => createApp({ scenario: 'missing' })).toThrow(/no scenario named "missing"/);
    expect(() => createApp({ scenarios: { default: { site: tealSite() } } })).toThrow(/"default" stays/);
  });
});
