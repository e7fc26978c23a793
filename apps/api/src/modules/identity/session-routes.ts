import {
  endSessionByLinkRequestSchema,
  endSessionByLinkResponseSchema,
  pagedSchema,
  pageQuerySchema,
  identityPaths as paths,
  renewRequestSchema,
  revokeOthersResponseSchema,
  revokeSessionRequestSchema,
  StatusCode,
  sessionSchema,
  tokenPairSchema,
} from '@wsm/contracts';
import { AppError } from '../../http/app-error';
import { envelopeSchema, ok, plainSerializer } from '../../http/envelope';
import { requireUser } from './auth-guard';
import { endSessionByLink, sessionLinkEnded } from './login-alerts';
import { clearRefreshCookies, cookieRefreshToken, setRefreshCookies } from './refresh-cookie';
import { bearer, type IdentityRouteKit, nothing, tags } from './route-kit';
import * as identity from './service';

// Tokens and sessions: renewal, the session list, ending sessions and logout.
export function registerSessionRoutes({ deps, failuresPerIp, r }: IdentityRouteKit): void {
  r.post(
    paths.renew,
    {
      // The busiest write there is; tokenPair builds exactly the three fields.
      ...plainSerializer,
      schema: {
        tags,
        summary: 'Renew the token pair; the refresh token rotates (a replayed one: 660, session revoked)',
        body: renewRequestSchema,
        response: { 200: envelopeSchema(tokenPairSchema) },
      },
    },
    async (request, reply) => {
      // The body's token (API clients), else the cookie's with its CSRF proof (the web app).
      const refreshToken = request.body?.refreshToken ?? cookieRefreshToken(request);
      const pair = await failuresPerIp('renewFailIp', request, async () => {
        if (!refreshToken) throw new AppError(StatusCode.unauthorized);
        return identity.renewTokens(deps, { refreshToken });
      }).catch((error: unknown) => {
        // A cookie that renews nothing is dead: the browser drops it.
        if (!request.body?.refreshToken) clearRefreshCookies(reply, deps.config);
        throw error;
      });
      setRefreshCookies(reply, deps.config, pair.refreshToken);
      // Renewed: the rotation wrote only the refresh token hash, lastSeenDate and a rotated-token row,
      // none of which a trigger announces (migration 0018), so no process has anything to hear first. A
      // refusal still syncs: a replay revokes its session.
      request.cacheUntouched = true;
      return ok(request, pair);
    },
  );

  r.post(
    paths.sessionEndByLink,
    {
      schema: {
        tags,
        summary:
          "End the session a login alert's link names (no login needed: the link's signed token says which); 401 for a forged or expired link",
        body: endSessionByLinkRequestSchema,
        response: { 200: envelopeSchema(endSessionByLinkResponseSchema) },
      },
    },
    async (request) =>
      ok(request, {
        ended: await failuresPerIp('sessionLinkFailIp', request, () =>
          endSessionByLink(deps, request.body.token),
        ),
      }),
  );

  r.post(
    paths.sessionLinkState,
    {
      schema: {
        tags,
        summary:
          "Whether the session a login alert's link names has already ended (no login needed), so a used link says so before asking; 401 for a forged or expired link",
        body: endSessionByLinkRequestSchema,
        response: { 200: envelopeSchema(endSessionByLinkResponseSchema) },
      },
    },
    async (request) =>
      ok(request, {
        ended: await failuresPerIp('sessionLinkFailIp', request, () =>
          sessionLinkEnded(deps, request.body.token),
        ),
      }),
  );

  r.get(
    paths.sessions,
    {
      schema: {
        tags,
        summary: "The caller's live sessions, its own marked current",
        security: bearer,
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(pagedSchema(sessionSchema)) },
      },
      preHandler: requireUser,
    },
    async (request) => ok(request, await identity.listSessions(deps, request.user, request.query)),
  );

  r.delete(
    paths.sessions,
    {
      schema: {
        tags,
        summary: 'Revoke one of the caller’s sessions (dead at once; 404 if not theirs)',
        security: bearer,
        body: revokeSessionRequestSchema,
        response: { 200: nothing },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      await identity.revokeUserSession(deps, request.user.id, request.body.sessionId);
      if (request.body.sessionId === request.user.sessionId) clearRefreshCookies(reply, deps.config);
      return ok(request, null);
    },
  );

  r.delete(
    paths.sessionsOthers,
    {
      schema: {
        tags,
        summary: 'Revoke every session of the caller but the current one (dead at once)',
        security: bearer,
        response: { 200: envelopeSchema(revokeOthersResponseSchema) },
      },
      preHandler: requireUser,
    },
    async (request) =>
      ok(request, {
        revoked: await identity.revokeAllSessions(deps, request.user.id, request.user.sessionId),
      }),
  );

  r.delete(
    paths.logout,
    {
      schema: {
        tags,
        summary: 'Log out: revoke the current session',
        security: bearer,
        response: { 200: nothing },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      await identity.logout(deps, request.user);
      clearRefreshCookies(reply, deps.config);
      return ok(request, null);
    },
  );
}
