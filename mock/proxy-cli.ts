/**
 * `npm start -- --proxy <base-url>`: the proxy as the command line configures it, with its
 * recording file and the one-line summary printed at exit.
 */
import type { RequestListener } from 'node:http';
import type { ProxyCliOptions } from './cli-options';
import { RecordFile } from './proxy/record-file';
import { SiteRecorder } from './proxy/site-recorder';
import { createProxy, upstreamAddress } from './proxy/server';
import type { SecurityPolicy } from './security/request-guard';

export interface CliProxy {
  listener: RequestListener;
  /** What the start-up line says is served. */
  description: string;
  /** Writes the recording one last time and prints the summary. */
  stop(): void;
}

export function proxyFromCli(
  options: ProxyCliOptions,
  log: ((line: string) => void) | undefined,
  resolvePath: (path: string) => string,
  security: SecurityPolicy,
): CliProxy {
  const record =
    options.record === undefined
      ? undefined
      : new RecordFile(resolvePath(options.record), new SiteRecorder(), (error) => {
          console.error(
            `mock: cannot write ${options.record ?? ''}: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
  const proxy = createProxy({
    upstream: options.upstream,
    timeoutMs: options.timeoutMs,
    judgeWrites: options.judgeWrites,
    security,
    ...(options.token !== undefined ? { token: options.token } : {}),
    ...(log ? { log } : {}),
    ...(record ? { onAnswer: record.see } : {}),
  });
  return {
    listener: proxy.listener,
    description: `a validating proxy to ${upstreamAddress(new URL(options.upstream))}${options.record ? `, recording into ${options.record},` : ''}`,
    stop: () => {
      record?.write();
      console.log(proxy.violations.summary());
      if (record) console.log(record.summary());
    },
  };
}
