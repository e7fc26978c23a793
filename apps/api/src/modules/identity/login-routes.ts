import {
  authenticationOptionsSchema,
  loginNationalCodeRequestSchema,
  loginPasskeyVerifyRequestSchema,
  loginSendRequestSchema,
  loginStepResponseSchema,
  loginUsernameRequestSchema,
  loginVerifyRequestSchema,
  identityPaths as paths,
  resendResponseSchema,
  tokenPairSchema,
} from '@wsm/contracts';
import type { FastifyRequest } from 'fastify';
import { envelopeSchema, ok, secondStep } from '../../http/envelope';
import { bearer, challengeToken, client, type IdentityRouteKit, tags } from './route-kit';
import * as identity from './service';

// Login: the first step, the second (a code, the authenticator app or a passkey).
export function registerLoginRoutes({ deps, failuresPerIp, r, withCookies }: IdentityRouteKit): void {
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
}
