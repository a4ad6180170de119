/**
 * The journal with bodies (control API, outside the interface): what a frontend sent and got,
 * tokens masked, the filter over HTTP and on the controls, the 64 kB cut, the bounds, and the
 * live stream of server-sent events from a real server on a loopback port.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '../index';
import type { ControlCall } from '../core/control-stage';
import { journalHandlers } from './routes';
import { jsonType } from '../__tests__/http/support';
import { RequestJournal } from './request-journal';

const token = 'secret-token-1';

describe('journal entries', () => {
  it('keep the query, the headers with the token masked, and both bodies parsed as JSON', async () => {
    const mock = createApp({ token });
    await request(mock.app)
      .put('/admin/api/articles/1/data/favourites?api_token=secret-token-1&x=1&x=2')
      .set('Content-Type', jsonType)
      .set('X-API-TOKEN', token)
      .send(JSON.stringify({ value: [1, 2] }))
      .expect(200);
    const [entry] = mock.journal();
    expect(entry).toMatchObject({
      method: 'PUT',
      path: '/admin/api/articles/1/data/favourites?api_token=***&x=1&x=2',
      status: 200,
      query: { api_token: '***', x: ['1', '2'] },
      requestBody: { value: [1, 2] },
      responseBody: { id: 1, data: { favourites: [1, 2] } },
    });
    expect(entry?.requestHeaders['x-api-token']).toBe('***');
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it('keep a body that is not JSON as text, and cut one over 64 kB with truncated: true', async () => {
    const mock = createApp();
    await request(mock.app).post('/admin/api/articles/1/comments').set('Content-Type', 'text/plain').send('hi');
    const big = JSON.stringify({ pages: 'x'.repeat(100_000) });
    await request(mock.app).put('/__mock/fixture').set('Content-Type', jsonType).send(big).expect(422);
    const [text, cut] = mock.journal();
    expect(text?.responseBody).toMatchObject({ message: expect.any(String) as string });
    expect(cut?.truncated).toBe(true);
    expect(cut?.requestBody).toBe(big.slice(0, 64 * 1024));
  });
});

describe('the journal filter', () => {
  async function threeRequests(): Promise<ReturnType<typeof createApp>> {
    const mock = createApp();
    await request(mock.app).get('/admin/api/articles/1').expect(200);
    await request(mock.app).get('/admin/api/articles/999').expect(404);
    await request(mock.app).delete('/admin/api/articles/1/data/featured').expect(204);
    return mock;
  }

  it('selects by method, path substring and status, over HTTP and on the controls alike', async () => {
    const mock = await threeRequests();
    const byHttp = await request(mock.app).get('/__mock/journal?method=get&path=/articles/&status=404').expect(200);
    expect((byHttp.body as { path: string }[]).map((entry) => entry.path)).toEqual(['/admin/api/articles/999']);
    expect(mock.journal({ method: 'DELETE' }).map((entry) => entry.status)).toEqual([204]);
    expect(mock.journal({ path: 'featured', status: 200 })).toEqual([]);
  });

  it('answers 422 naming each bad parameter', async () => {
    const mock = await threeRequests();
    const response = await request(mock.app).get('/__mock/journal?status=abc&method=P*T').expect(422);
    expect(Object.keys((response.body as { errors: object }).errors).sort()).toEqual(['method', 'status']);
  });
});

describe('the journal bounds', () => {
  it('drops the oldest entries beyond the byte budget as well as beyond the count', () => {
    const journal = new RequestJournal(100, 300_000);
    const body = Buffer.alloc(60_000, 'a');
    for (let index = 0; index < 20; index += 1)
      journal.add(
        { method: 'PUT', url: `/n/${index}`, headers: {}, body },
        { status: 200, headers: {}, body: Buffer.alloc(0) },
        { at: 0, ms: 0 },
      );
    const paths = journal.list().map((entry) => entry.path);
    expect(paths.length).toBeLessThanOrEqual(5);
    expect(paths.at(-1)).toBe('/n/19');
  });
});

describe('the journal stream', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it('keeps no process alive while a stream is open: an in-process reader may leave without closing it', async () => {
    const timers = (): number => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const source = { journal: () => [], onJournalEntry: () => () => undefined };
    const call = { query: {}, rest: '' } as unknown as ControlCall;
    const answer = await journalHandlers(source).stream(call);
    const before = timers();
    const sent: string[] = [];
    const stop = answer.stream?.open(
      (text) => sent.push(text),
      () => undefined,
    );
    expect(sent).toEqual([': journal stream\n\n']);
    expect(timers()).toBe(before);
    stop?.();
  });

  it('sends each new entry as a server-sent event while the page stays open', async () => {
    const mock = createApp();
    const listening = createServer(mock.app);
    server = listening;
    await new Promise<void>((done) => listening.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${String((listening.address() as AddressInfo).port)}`;
    const stream = await fetch(`${base}/__mock/journal/stream?method=PUT`);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    await fetch(`${base}/admin/api/articles/2`);
    await fetch(`${base}/admin/api/articles/1/data/colour`, {
      method: 'PUT',
      headers: { 'Content-Type': jsonType },
      body: JSON.stringify({ value: 'teal' }),
    });
    let text = '';
    while (!text.includes('\n\nevent: entry')) {
      const { value } = await reader.read();
      text += new TextDecoder().decode(value);
    }
    while (!text.endsWith('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
    const data = /event: entry\ndata: (.*)\n\n/.exec(text)?.[1] ?? '';
    expect(JSON.parse(data)).toMatchObject({ method: 'PUT', requestBody: { value: 'teal' } });
    expect(text).not.toContain('/admin/api/articles/2');
    await reader.cancel();
  });
});
