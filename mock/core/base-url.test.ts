/** The base of the addresses in answers (2.1): the Host the client used, else the listener's own address. */
import { baseUrl } from './base-url';
import { plainJsonRequest, type PlainRequest } from './plain';

const fallbackBase = 'http://127.0.0.1:4010';
const sent = (host: string | undefined, protocol: PlainRequest['protocol'] = 'http'): PlainRequest => ({
  ...plainJsonRequest('GET', '/admin/api/articles/1', undefined, host === undefined ? {} : { host }),
  protocol,
  fallbackBase,
});

describe('baseUrl', () => {
  test('follows the Host of each request, whatever came before it', () => {
    const hosts = ['mock.test', 'mock.test', 'other.test:8080', 'mock.test', '[::1]:4010', 'mock.test'];
    expect(hosts.map((host) => baseUrl(sent(host)))).toEqual(hosts.map((host) => `http://${host}`));
  });

  test('follows the protocol of each request with the same Host', () => {
    expect([baseUrl(sent('mock.test')), baseUrl(sent('mock.test', 'https')), baseUrl(sent('mock.test'))]).toEqual([
      'http://mock.test',
      'https://mock.test',
      'http://mock.test',
    ]);
  });

  test("is the listener's own address for a Host it cannot echo, even right after a good one", () => {
    for (const host of ['mock.test', 'bad host', 'mock.test', undefined, 'a'.repeat(300)]) {
      const expected = host === 'mock.test' ? 'http://mock.test' : fallbackBase;
      expect(baseUrl(sent(host))).toBe(expected);
    }
  });
});
