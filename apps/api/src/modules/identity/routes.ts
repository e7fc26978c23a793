import {
  authenticationOptionsSchema,
  endSessionByLinkRequestSchema,
  endSessionByLinkResponseSchema,
  loginNationalCodeRequestSchema,
  loginPasskeyVerifyRequestSchema,
  loginSendRequestSchema,
  loginStepResponseSchema,
  loginUsernameRequestSchema,
  loginVerifyRequestSchema,
  pagedSchema,
  pageQuerySchema,
  identityPaths as paths,
  recoveryChangeRequestSchema,
  recoveryResendRequestSchema,
  recoveryStartRequestSchema,
  recoveryStartResponseSchema,
  recoveryVerifyRequestSchema,
  recoveryVerifyResponseSchema,
  renewRequestSchema,
  resendResponseSchema,
  revokeOthersResponseSchema,
  revokeSessionRequestSchema,
  StatusCode,
  sessionSchema,
  signupPasswordRequestSchema,
  signupPhoneRequestSchema,
  signupPhoneResponseSchema,
  signupResendRequestSchema,
  signupVerifyRequestSchema,
  signupVerifyResponseSchema,
  tokenPairSchema,
} from '@wsm/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { envelopeSchema, ok, plainSerializer, secondStep } from '../../http/envelope';
import { limitFailures, limitRoute } from '../../http/rate-limit';
import { type AuthUser, bearerToken, requireUser } from './auth-guard';
import { clientInfo } from './client-info';
import { knownDevice, setDeviceCookie } from './device-cookie';
import { type IdentityLimit, limitRule } from './limits';
import { endSessionByLink, sessionLinkEnded } from './login-alerts';
import { prepareDummyHash } from './passwords';
import { clearRefreshCookies, cookieRefreshToken, setRefreshCookies } from './refresh-cookie';
import * as identity from './service';
import { verifyAccessToken } from './tokens';

const tags = ['identity'];
const bearer = [{ bearer: [] }];
const nothing = envelopeSchema(z.null());

const client = (request: FastifyRequest) => clientInfo(request.ip, request.headers['user-agent']);

/** The login challenge token of /login/2fa/send and /login/2fa/verify (401 when absent). */
function challengeToken(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (!token) throw new AppError(StatusCode.unauthorized);
  return token;
}

/**
 * The identity module (api-contract.md section 3): sign-up, login with a second step, password
 * recovery, token renewal and sessions. Registered with fastify-plugin so `request.user` (set by
 * requireUser) is declared on the root instance for every module.
 */
export const identityRoutes = fp(
  async (app: FastifyInstance) => {
    // Null until requireUser sets it; typed as AuthUser because only guarded routes read it.
    app.decorateRequest('user', null as unknown as AuthUser);
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
    await prepareDummyHash();

    // ---------- sign-up

    r.post(
      paths.signupPhone,
      {
        schema: {
          tags,
          summary: 'Sign-up 1: phone and national code; texts a code (261 if either is registered)',
          body: signupPhoneRequestSchema,
          response: { 200: envelopeSchema(signupPhoneResponseSchema) },
        },
        preHandler: perIp('signupIp'),
      },
      async (request) =>
        ok(
          request,
          await identity.startSignup(deps, {
            ...request.body,
            locale: request.locale,
            ip: request.ip,
            log: request.log,
          }),
        ),
    );

    r.post(
      paths.signupVerify,
      {
        schema: {
          tags,
          summary: 'Sign-up 2: the texted code (620 wrong, 660 after 5 wrong tries)',
          body: signupVerifyRequestSchema,
          response: { 200: envelopeSchema(signupVerifyResponseSchema) },
        },
      },
      async (request) =>
        ok(
          request,
          await failuresPerIp('codeFailIp', request, () => identity.verifySignup(deps, request.body)),
        ),
    );

    r.post(
      paths.signupResend,
      {
        schema: {
          tags,
          summary: 'Sign-up: text a new code once resendAfter has passed (260 before)',
          body: signupResendRequestSchema,
          response: { 200: envelopeSchema(resendResponseSchema) },
        },
      },
      async (request) =>
        ok(
          request,
          await identity.resendSignup(deps, {
            ...request.body,
            locale: request.locale,
            ip: request.ip,
            log: request.log,
          }),
        ),
    );

    r.post(
      paths.signupPassword,
      {
        schema: {
          tags,
          summary: 'Sign-up 3: password (+ username, names); creates the account and logs it in',
          body: signupPasswordRequestSchema,
          response: { 200: envelopeSchema(tokenPairSchema) },
        },
      },
      async (request, reply) =>
        ok(
          request,
          withCookies(
            reply,
            await failuresPerIp('codeFailIp', request, () =>
              identity.completeSignup(deps, {
                ...request.body,
                locale: request.locale,
                client: client(request),
                log: request.log,
              }),
            ),
          ),
        ),
    );

    // ---------- login

    // The login steps write challenges, inserted sessions, recovery codes, an authenticator's last step
    // and notifications, whatever their outcome: nothing a trigger of migration 0018 announces, so their
    // answers wait for no auth-cache sync (three statements each, shared by the writes of the moment).
    const announcesNothing = async (request: FastifyRequest) => {
      request.cacheUntouched = true;
    };
    const loginStep = {
      tags,
      response: { 200: envelopeSchema(loginStepResponseSchema).describe('body statusCode 630') },
    };
    r.post(
      paths.loginNationalCode,
      {
        onRequest: announcesNothing,
        schema: {
          ...loginStep,
          summary: 'Login by national code and password → 630 and a code sent (620 wrong, 621, 622)',
          body: loginNationalCodeRequestSchema,
        },
      },
      async (request, reply) => {
        const { nationalCode, password } = request.body;
        const step = await identity.startLogin(deps, {
          identifier: { kind: 'nationalCode', value: nationalCode },
          password,
          ip: request.ip,
          log: request.log,
        });
        return secondStep(request, reply, step);
      },
    );

    r.post(
      paths.loginUsername,
      {
        onRequest: announcesNothing,
        schema: {
          ...loginStep,
          summary: 'Login by username and password → 630 and a code sent (620 wrong, 621, 622)',
          body: loginUsernameRequestSchema,
        },
      },
      async (request, reply) => {
        const { username, password } = request.body;
        const step = await identity.startLogin(deps, {
          identifier: { kind: 'username', value: username },
          password,
          ip: request.ip,
          log: request.log,
        });
        return secondStep(request, reply, step);
      },
    );

    r.post(
      paths.loginSend,
      {
        onRequest: announcesNothing,
        schema: {
          tags,
          summary:
            'Login: (re)send the code by sms or email, or switch to the authenticator app (google: nothing is sent, resendAfter 0) (Bearer: the login challenge token)',
          security: bearer,
          body: loginSendRequestSchema,
          response: { 200: envelopeSchema(resendResponseSchema) },
        },
      },
      async (request) =>
        ok(
          request,
          await identity.sendLoginCode(deps, {
            challengeToken: challengeToken(request),
            method: request.body.method,
            locale: request.locale,
            log: request.log,
          }),
        ),
    );

    r.post(
      paths.loginVerify,
      {
        onRequest: announcesNothing,
        schema: {
          tags,
          summary:
            "Login: the code → tokens and a new session (Bearer: the login challenge token). `code` is the sent code, or the authenticator app's when the method is google (an accepted code is refused when presented again, 620); `recoveryCode` works with any method, once. Wrong ones count toward the 5 tries (then 660).",
          security: bearer,
          body: loginVerifyRequestSchema,
          response: { 200: envelopeSchema(tokenPairSchema) },
        },
      },
      async (request, reply) =>
        ok(
          request,
          withCookies(
            reply,
            await failuresPerIp('codeFailIp', request, () =>
              identity.verifyLogin(deps, {
                challengeToken: challengeToken(request),
                code: request.body.code,
                recoveryCode: request.body.recoveryCode,
                client: client(request),
                log: request.log,
              }),
            ),
          ),
        ),
    );

    r.post(
      paths.loginPasskeyOptions,
      {
        onRequest: announcesNothing,
        schema: {
          tags,
          summary:
            "Login with a passkey instead of the code: authentication options for the account's passkeys (PublicKeyCredentialRequestOptionsJSON; 404 when it has none) (Bearer: the login challenge token)",
          security: bearer,
          response: { 200: envelopeSchema(authenticationOptionsSchema) },
        },
      },
      async (request) =>
        ok(request, await identity.loginPasskeyOptions(deps, { challengeToken: challengeToken(request) })),
    );

    r.post(
      paths.loginPasskeyVerify,
      {
        onRequest: announcesNothing,
        schema: {
          tags,
          summary:
            "Login with a passkey: its answer (AuthenticationResponseJSON) → tokens and a new session, as a right code (Bearer: the login challenge token). Wrong origin, unknown or another account's credential, a counter that went backwards or a used challenge → 620, counted toward the 5 tries (then 660).",
          security: bearer,
          body: loginPasskeyVerifyRequestSchema,
          response: { 200: envelopeSchema(tokenPairSchema) },
        },
      },
      async (request, reply) =>
        ok(
          request,
          withCookies(
            reply,
            await failuresPerIp('codeFailIp', request, () =>
              identity.verifyLoginPasskey(deps, {
                challengeToken: challengeToken(request),
                response: request.body.response,
                client: client(request),
                log: request.log,
              }),
            ),
          ),
        ),
    );

    // ---------- password recovery

    r.post(
      paths.recoveryStart,
      {
        schema: {
          tags,
          summary: 'Recovery 1: national code; texts a code (the same answer for unregistered codes)',
          body: recoveryStartRequestSchema,
          response: { 200: envelopeSchema(recoveryStartResponseSchema) },
        },
        preHandler: perIp('recoveryIp'),
      },
      async (request) =>
        ok(
          request,
          await identity.startRecovery(deps, {
            ...request.body,
            log: request.log,
            requester: requester(request),
          }),
        ),
    );

    r.post(
      paths.recoveryVerify,
      {
        schema: {
          tags,
          summary: 'Recovery 2: the texted code',
          body: recoveryVerifyRequestSchema,
          response: { 200: envelopeSchema(recoveryVerifyResponseSchema) },
        },
      },
      async (request) =>
        ok(
          request,
          await failuresPerIp('codeFailIp', request, () => identity.verifyRecovery(deps, request.body)),
        ),
    );

    r.post(
      paths.recoveryResend,
      {
        schema: {
          tags,
          summary: 'Recovery: text a new code once resendAfter has passed',
          body: recoveryResendRequestSchema,
          response: { 200: envelopeSchema(resendResponseSchema) },
        },
      },
      async (request) =>
        ok(
          request,
          await identity.resendRecovery(deps, {
            ...request.body,
            log: request.log,
            requester: requester(request),
          }),
        ),
    );

    r.post(
      paths.recoveryChange,
      {
        schema: {
          tags,
          summary: 'Recovery 3: the new password; every session of the account is revoked',
          body: recoveryChangeRequestSchema,
          response: { 200: nothing },
        },
      },
      async (request) => {
        await failuresPerIp('codeFailIp', request, () =>
          identity.completeRecovery(deps, { ...request.body, locale: request.locale }),
        );
        return ok(request, null);
      },
    );

    // ---------- tokens and sessions

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
  },
  { name: 'identity' },
);
