/**
 * The guard every request passes before routing, on every adapter that listens: the host check,
 * then, for the control API and the workbench, the origin check and (beyond loopback) the control
 * token, and, for the interface's routes while a proxy adds a real token, the allowed origins.
 * See docs/security.md.
 */
import type { Guard } from '../core/pipeline';
import { errorAnswer } from '../core/answers';
import { ApiError } from '../core/api-error';
import { controlRouteOf, isControlAddress } from '../core/control-table';
import { carriesControlToken } from './control-token';
import { isAllowedHost, type HostPolicy } from './hosts';
import { isCrossOrigin, statedOrigin, type Headers } from './origins';

export interface SecurityPolicy extends HostPolicy {
  /** Required on the control API and the workbench; set when the mock listens beyond loopback. */
  controlToken?: string;
  /** When set, cross-origin requests to the interface's routes need one of these origins (proxy with a token). */
  apiOrigins?: readonly string[];
}

export interface GuardedRequest {
  method: string;
  /** The path, without the query. */
  path: string;
  headers: Headers;
}

/** The control table's open rows (pages and files that hold no state, the door that takes the token). */
const isOpenControlPath = (path: string): boolean => controlRouteOf(path)?.open === true;

const changesState = (method: string): boolean => method !== 'GET' && method !== 'HEAD';

function controlRefusal(request: GuardedRequest, policy: SecurityPolicy): ApiError | undefined {
  if (changesState(request.method) && isCrossOrigin(request.headers)) return new ApiError('crossOriginControl');
  if (policy.controlToken === undefined || isOpenControlPath(request.path)) return undefined;
  return carriesControlToken(request.headers, policy.controlToken) ? undefined : new ApiError('controlTokenRequired');
}

function apiRefusal(request: GuardedRequest, policy: SecurityPolicy): ApiError | undefined {
  if (policy.apiOrigins === undefined || !isCrossOrigin(request.headers)) return undefined;
  const origin = statedOrigin(request.headers);
  return origin !== undefined && policy.apiOrigins.includes(origin) ? undefined : new ApiError('originNotAllowed');
}

/** The error to answer instead of serving the request, or undefined to serve it. */
export function guardRequest(
  request: GuardedRequest,
  policy: SecurityPolicy,
  allowsHost: (header: string | undefined) => boolean = (header) => isAllowedHost(header, policy),
): ApiError | undefined {
  const host = request.headers.host;
  if (!allowsHost(Array.isArray(host) ? host[0] : host)) return new ApiError('hostNotAllowed');
  return isControlAddress(request.path) ? controlRefusal(request, policy) : apiRefusal(request, policy);
}

/** Host verdicts remembered per guard: a client sends the same `Host` on every request. */
const rememberedHosts = 64;

/** `isAllowedHost` for one policy, remembering the verdicts on the last few `Host` values seen. */
function hostVerdicts(policy: SecurityPolicy): (header: string | undefined) => boolean {
  const verdicts = new Map<string, boolean>();
  return (header) => {
    if (header === undefined) return isAllowedHost(header, policy);
    const known = verdicts.get(header);
    if (known !== undefined) return known;
    const allowed = isAllowedHost(header, policy);
    if (verdicts.size >= rememberedHosts) verdicts.clear();
    verdicts.set(header, allowed);
    return allowed;
  };
}

/** The policy as a guard of the core's pipeline, for every adapter that listens. */
export const securityGuard = (policy: SecurityPolicy): Guard => {
  const allowsHost = hostVerdicts(policy);
  return (request, path) => {
    const refusal = guardRequest({ method: request.method, path, headers: request.headers }, policy, allowsHost);
    return refusal ? errorAnswer(refusal) : undefined;
  };
};
