/**
 * What the client is told when the deployment fails: `502` (refused, reset, garbage) or `504`
 * (no answer within --proxy-timeout), with `{"message"}` naming the cause, as every error of the
 * API family has (api-conventions: errors are JSON with a `message`).
 */
export class UpstreamTimeout extends Error {
  override name = 'UpstreamTimeout';
}

export interface UpstreamFailure {
  status: 502 | 504;
  message: string;
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

export function describeUpstreamFailure(error: unknown, origin: string, timeoutMs: number): UpstreamFailure {
  const code = codeOf(error);
  if (error instanceof UpstreamTimeout)
    return { status: 504, message: `The deployment at ${origin} did not answer within ${timeoutMs} ms.` };
  if (code === 'ECONNREFUSED')
    return { status: 502, message: `The deployment at ${origin} refused the connection (ECONNREFUSED).` };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return { status: 502, message: `The deployment's host in ${origin} could not be resolved (${code}).` };
  if (code === 'ECONNRESET' || code === 'EPIPE' || (error instanceof Error && error.message === 'aborted'))
    return {
      status: 502,
      message: `The deployment at ${origin} closed the connection before its answer was complete (${code || 'aborted'}).`,
    };
  if (code.startsWith('HPE_'))
    return { status: 502, message: `The deployment at ${origin} sent an answer that is not HTTP (${code}).` };
  const reason = code || (error instanceof Error ? error.message : String(error));
  return { status: 502, message: `The deployment at ${origin} could not be reached (${reason}).` };
}
