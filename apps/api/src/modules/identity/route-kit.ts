import { StatusCode } from '@wsm/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { envelopeSchema } from '../../http/envelope';
import { limitFailures, limitRoute } from '../../http/rate-limit';
import { bearerToken } from './auth-guard';
import { clientInfo } from './client-info';
import { type IdentityLimit, limitRule } from './limits';
import { setRefreshCookies } from './refresh-cookie';

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
  // Every answer with a token pair also sets the web app's refresh cookies (refresh-cookie.ts).
  const withCookies = <T extends { refreshToken: string }>(reply: FastifyReply, pair: T): T => {
    setRefreshCookies(reply, deps.config, pair.refreshToken);
    return pair;
  };
  return { app, deps, perIp, failuresPerIp, r, withCookies };
}
export type IdentityRouteKit = ReturnType<typeof identityRouteKit>;
