/** The options of `npm start`: each flag and environment variable, read into what `createApp` takes. */
import { readCliOptions, UsageError, type CliOptions } from './cli-options';

describe('readCliOptions', () => {
  it('serves 127.0.0.1:4010 with the sample site, any origin, no token, no faults by default', () => {
    expect(readCliOptions([], {})).toEqual({
      port: 4010,
      host: '127.0.0.1',
      corsOrigins: '*',
      faults: {},
      quiet: false,
      watch: false,
      allowedHosts: [],
      help: false,
      version: false,
    });
  });

  it.each<[string, string[], Record<string, string>, Partial<CliOptions>]>([
    ['--port', ['--port', '4610'], {}, { port: 4610 }],
    ['PORT', [], { PORT: '4610' }, { port: 4610 }],
    ['--port over PORT', ['--port', '4611'], { PORT: '4610' }, { port: 4611 }],
    ['--host', ['--host', '0.0.0.0'], {}, { host: '0.0.0.0' }],
    ['HOST', [], { HOST: '::1' }, { host: '::1' }],
    ['--fixtures', ['--fixtures', 'site.json'], {}, { fixtures: 'site.json' }],
    ['--watch', ['--fixtures', 'site.json', '--watch'], {}, { fixtures: 'site.json', watch: true }],
    ['--token', ['--token', 't'], {}, { token: 't' }],
    ['API_TOKEN', [], { API_TOKEN: 't' }, { token: 't' }],
    [
      '--cors-origin',
      ['--cors-origin', 'http://localhost:5173, http://localhost:3000'],
      {},
      { corsOrigins: ['http://localhost:5173', 'http://localhost:3000'] },
    ],
    ['--cors-origin *', ['--cors-origin', '*'], {}, { corsOrigins: '*' }],
    [
      '--allowed-host, repeated, and ALLOWED_HOSTS',
      ['--allowed-host', 'mock.test', '--allowed-host', '.dev.example'],
      { ALLOWED_HOSTS: 'a.example, b.example' },
      { allowedHosts: ['mock.test', '.dev.example', 'a.example', 'b.example'] },
    ],
    ['--control-token', ['--control-token', 'c'], {}, { controlToken: 'c' }],
    ['CONTROL_TOKEN', [], { CONTROL_TOKEN: 'c' }, { controlToken: 'c' }],
    ['--delay fixed', ['--delay', '250'], {}, { faults: { delayMs: 250 } }],
    ['--delay range', ['--delay', '100-900'], {}, { faults: { delayMs: [100, 900] } }],
    ['--fail-rate', ['--fail-rate', '0.2'], {}, { faults: { failure: { rate: 0.2, status: 503 } } }],
    [
      '--fail-status',
      ['--fail-rate', '1', '--fail-status', '500'],
      {},
      { faults: { failure: { rate: 1, status: 500 } } },
    ],
    [
      '--fail-operation',
      ['--fail-operation', 'postComment'],
      {},
      { faults: { failure: { rate: 1, status: 503, operation: 'postComment' } } },
    ],
    ['--no-validate', ['--no-validate'], {}, { validateResponses: false }],
    ['--quiet', ['--quiet'], {}, { quiet: true }],
    ['--help', ['--help'], {}, { help: true }],
    ['-h', ['-h'], {}, { help: true }],
    ['--version', ['--version'], {}, { version: true }],
  ])('reads %s', (_name, argv, env, want) => {
    expect(readCliOptions(argv, env)).toMatchObject(want);
  });

  it.each([
    [['--port', 'abc'], /--port must be a number/],
    [['--port', '70000'], /--port must be 0 to 65535/],
    [['--delay', 'fast'], /^--delay must be milliseconds from 0 to 60000, or a range such as 50-200, not "fast"$/],
    [['--delay', '100-'], /^--delay must be milliseconds from 0 to 60000, or a range such as 50-200, not "100-"$/],
    [['--delay', '1-2-3'], /^--delay must be milliseconds .*, not "1-2-3"$/],
    [['--delay', '900-100'], /^--delay must be milliseconds from 0 to 60000, or a range such as 50-200$/],
    [['--fail-rate', '2'], /^--fail-rate must be a number from 0 to 1$/],
    [['--fail-rate', '1', '--fail-status', '200'], /^--fail-status must be a whole number from 400 to 599$/],
    [['--fail-operation', 'deleteArticle'], /^--fail-operation must be one of readArticle, /],
    [['--fail-status', '500'], /^--fail-status needs --fail-rate <0..1> or --fail-operation <id>/],
    [['--watch'], /^--watch needs --fixtures <file>, the file it reloads$/],
    [['--fixtures', 'a.json', '--watch', '--persist', 'a.db'], /^--watch does not apply with --persist: /],
  ])('refuses %j with a usage error naming the flag as typed', (argv, message) => {
    expect(() => readCliOptions(argv, {})).toThrow(UsageError);
    expect(() => readCliOptions(argv, {})).toThrow(message);
  });
});
