/**
 * `POST /__mock/session` with `{"token": "<control token>"}`: the workbench trades the control
 * token for a session cookie once, so its later requests (server-sent events included) carry it
 * without the page keeping the token. Only needed when the mock listens beyond loopback.
 */
import express, { type Router } from 'express';
import { ApiError } from '../core/api-error';
import { sameSecret, sessionCookie } from '../security/control-token';

const givenToken = (body: unknown): string | undefined => {
  const token = (body as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' ? token : undefined;
};

export function sessionRouter(controlToken: string | undefined): Router {
  const router = express.Router();
  router.post('/session', express.json({ limit: '4kb' }), (request, response) => {
    if (controlToken === undefined) {
      response.status(204).end();
      return;
    }
    const token = givenToken(request.body);
    if (token === undefined || !sameSecret(token, controlToken)) throw new ApiError('controlTokenRequired');
    response.setHeader('Set-Cookie', sessionCookie(controlToken));
    response.status(204).end();
  });
  return router;
}
