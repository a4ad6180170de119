/**
 * `POST /__mock/session` with `{"token": "<control token>"}`: the workbench trades the control
 * token for a session cookie once, so its later requests (server-sent events included) carry it
 * without the page keeping the token. Only needed when the mock listens beyond loopback.
 */
import { noContentAnswer } from '../core/answers';
import { ApiError } from '../core/api-error';
import type { ControlHandler } from '../core/control-stage';
import { maxJsonDepth } from '../core/limits';
import { sameSecret, sessionCookie } from './control-token';

/** A token is short; a larger body is no attempt to open a session. */
const sessionBodyLimit = 4 * 1024;

const givenToken = (body: unknown): string | undefined => {
  const token = (body as { token?: unknown } | null | undefined)?.token;
  return typeof token === 'string' ? token : undefined;
};

export function sessionHandler(controlToken: string | undefined): ControlHandler {
  return async (call) => {
    if (controlToken === undefined) return noContentAnswer();
    const token = givenToken(await call.json(sessionBodyLimit, maxJsonDepth));
    if (token === undefined || !sameSecret(token, controlToken)) throw new ApiError('controlTokenRequired');
    return noContentAnswer({ 'Set-Cookie': sessionCookie(controlToken) });
  };
}
