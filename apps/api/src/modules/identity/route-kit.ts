import { StatusCode } from '@wsm/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { envelopeSchema } from '../../http/envelope';
import { limitFailures, limitRoute } from '../../http/rate-limit';
import { bearerToken } from './auth-guard';
import { clientInfo } from './client-info';
import { knownDevice, setDeviceCookie } from './device-cookie';
import { type IdentityLimit, limitRule } from './limits';
import { setRefreshCookies } from './refresh-cookie';
import { verifyAccessToken } from './tokens';

export const tags = ['identity'];
export const bearer = [{ bearer: [] }];
export const nothing = envelopeSchema(z.null());

export const client = (request: FastifyRequest) => clientInfo(request.ip, request.headers['user-agent']);

/** The login challenge token of /login/2fa/send and /login/2fa/verify (401 when absent). */
export function challengeToken(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (!token) throw new AppError(StatusCode.unauthorized);
  return token;
}

/** What the identity module's route files share: the app, its limits and the cookie-setting answer. */
export function identityRouteKit(app: FastifyInstance) {
  const deps = app.deps;
  const perIp = (name: IdentityLimit) => limitRoute(deps.limiter, limitRule(deps.config, name));
  // Only failures count per address (wrong codes, unknown tokens): colleagues behind one address pass.
  const failuresPerIp = <T>(name: IdentityLimit, request: FastifyRequest, attempt: () => Promise<T>) =>
    limitFailures(deps.limiter, [{ rule: limitRule(deps.config, name), subject: request.ip }], attempt);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Every answer with a token pair also sets the web app's refresh cookies (refresh-cookie.ts), and
  // marks the browser as one the account signed in from (device-cookie.ts).
  const withCookies = <T extends { refreshToken: string; accessToken: string }>(
    reply: FastifyReply,
    pair: T,
  ): T => {
    setRefreshCookies(reply, deps.config, pair.refreshToken);
    const claims = verifyAccessToken(deps.config.jwtSecret, pair.accessToken);
    if (claims) setDeviceCookie(reply, reply.request, deps.config, claims.sub);
    return pair;
  };
  // Who asks for a recovery text: its address, and the device cookie recovery.ts checks per account.
  const requester = (request: FastifyRequest) => ({
    ip: request.ip,
    knownDevice: (userId: string) => knownDevice(request, deps.config, userId),
  });
  return { app, deps, perIp, failuresPerIp, r, withCookies, requester };
}
export type IdentityRouteKit = ReturnType<typeof identityRouteKit>;
