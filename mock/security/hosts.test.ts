import { hostName, isAllowedHost, isLoopback } from './hosts';

const policy = { listenHost: '127.0.0.1', allowedHosts: ['mock.test', '.dev.example'] };

describe('the host check', () => {
  test.each([
    ['127.0.0.1:4010', true],
    ['localhost:4010', true],
    ['LOCALHOST.', true],
    ['app.localhost:4010', true],
    ['[::1]:4010', true],
    ['192.168.1.20:4010', true],
    ['mock.test:4010', true],
    ['dev.example', true],
    ['a.dev.example:80', true],
    ['evil.example', false],
    ['evil.example:4010', false],
    ['mock.test.evil.example', false],
    ['localhost.evil.example', false],
    ['notdev.example', false],
    ['127.0.0.1.evil.example', false],
  ])('serves Host %s: %s', (host, served) => {
    expect(isAllowedHost(host, policy)).toBe(served);
  });

  test('serves the name the mock was told to listen on', () => {
    expect(isAllowedHost('box.lan:4010', { listenHost: 'box.lan', allowedHosts: [] })).toBe(true);
    expect(isAllowedHost('box.lan:4010', { allowedHosts: [] })).toBe(false);
  });

  test('serves a request without Host, which names nothing to rebind', () => {
    expect(isAllowedHost(undefined, policy)).toBe(true);
  });
});

describe('host names and loopback', () => {
  test.each([
    ['Example.COM:80', 'example.com'],
    ['[::1]:4010', '::1'],
    ['example.com.', 'example.com'],
  ])('reads %s as %s', (header, name) => {
    expect(hostName(header)).toBe(name);
  });

  test.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['::1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.2', false],
  ])('counts %s as loopback: %s', (address, loopback) => {
    expect(isLoopback(address)).toBe(loopback);
  });
});
