/**
 * The journal example of docs/control-api.md ("asserting on what a frontend sent"), run as written: a stand-in
 * for frontend code saves a data key through the mock on a loopback port, and the test reads the
 * body it sent from the journal.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../index';

const mock = createApp();
const server: Server = createServer(mock.app);
let base = '';

beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(
  () =>
    new Promise<void>((done) =>
      server.close(() => {
        done();
      }),
    ),
);
beforeEach(() => {
  mock.reset();
});

/** The frontend code under test, reduced to its request. */
async function saveColour(api: string, colour: string): Promise<void> {
  await fetch(`${api}/admin/api/articles/1/data/colour`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ value: colour }),
  });
}

test('the settings form saves the chosen colour', async () => {
  await saveColour(base, 'teal');
  const [sent, ...others] = mock.journal({ method: 'PUT', path: '/data/colour' });
  expect(others).toHaveLength(0);
  expect(sent?.requestBody).toEqual({ value: 'teal' });
  expect(sent?.status).toBe(200);
  expect(sent?.responseBody).toMatchObject({ data: { colour: 'teal' } });
});
