/**
 * The lines the command prints after it starts listening, under the two lines that say where it
 * serves: what is in force that changes how the mock answers, the way it was
 * asked for (paths as typed). Nothing is said of what is off, so a plain start prints nothing more.
 * A token is never printed: that one is set is what matters, and the terminal may be shared.
 */
import type { CliOptions } from '../cli-options';
import type { Faults } from '../core/faults';
import type { Paint } from './colour';

const milliseconds = (delay: NonNullable<Faults['delayMs']>): string =>
  Array.isArray(delay) ? `${String(delay[0])}-${String(delay[1])} ms` : `${String(delay)} ms`;

function failures(failure: NonNullable<Faults['failure']>): string {
  const requests = failure.operation ?? 'API';
  const share =
    failure.rate === 1
      ? `every ${requests} request`
      : `${String(Math.round(failure.rate * 1000) / 10)}% of ${requests} requests`;
  return `${share} answered ${String(failure.status)}`;
}

function mockSettings(options: CliOptions): [string, string | undefined][] {
  return [
    ['site', options.fixtures && `${options.fixtures}${options.watch ? ', loaded again when it changes' : ''}`],
    ['scenario', options.scenario],
    ['scenarios', options.scenarios && `${options.scenarios}, where saved scenarios are kept`],
    ['persist', options.persist && `${options.persist}, each write on disk before its answer`],
    ['token', options.token && 'set: writes need it (X-API-TOKEN or ?api_token)'],
    [
      'delay',
      options.faults.delayMs === undefined
        ? undefined
        : `${milliseconds(options.faults.delayMs)} before every API answer`,
    ],
    ['faults', options.faults.failure && failures(options.faults.failure)],
  ];
}

/** The line above names the deployment and the recording file already. */
function proxySettings(proxy: NonNullable<CliOptions['proxy']>): [string, string | undefined][] {
  return [
    ['proxy token', proxy.token && 'set: sent with requests that carry none'],
    ['writes', proxy.judgeWrites ? 'judged too, the article read around each one' : undefined],
  ];
}

/** `mock: in force` and a line per setting, or nothing when all are off. */
export function bannerLines(options: CliOptions, paint: Paint): string[] {
  const settings = [
    ...(options.proxy ? proxySettings(options.proxy) : mockSettings(options)),
    ['control token', options.controlToken && 'set: the control API and the workbench need it'],
    ['answers', options.validateResponses === false ? 'not checked against the strict schemas' : undefined],
  ].filter((setting): setting is [string, string] => typeof setting[1] === 'string' && setting[1] !== '');
  if (settings.length === 0) return [];
  const width = Math.max(...settings.map(([label]) => label.length));
  return ['mock: in force', ...settings.map(([label, value]) => `  ${paint('bold', label.padEnd(width))}  ${value}`)];
}
